/**
 * Text that names a person (first and last name, username) is shown beside the app's own words
 * ("Ana Lima liked your post") and is how members recognise each other, so it must not be able to
 * rearrange what follows it or be nothing at all:
 *
 * - Bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates,
 *   U+200E/U+200F marks, U+061C the Arabic letter mark) are refused: "\u202Egnp.exe" shows as
 *   "exe.png", and an override left open reverses the app's words after the name too. Right-to-left
 *   letters themselves are welcome: the browser orders them without help.
 * - At least one character must show. Spaces, zero-width characters (U+200B–U+200D, U+2060,
 *   U+FEFF), other invisible format characters, combining marks on their own, and the
 *   "default ignorable" fillers (U+3164 Hangul filler and its kin) or U+2800 (blank braille) make
 *   a name that looks empty.
 *
 * Bios, captions, comments and event titles keep what was typed; the web app shows all member
 * text isolated (`<bdi>`, `dir="auto"`), so none of it reorders the page around it either.
 *
 * Another server's names, bios and event titles cannot be refused, only taken in: they lose their
 * direction controls on the way (`withoutBidiControls`), and a name left with nothing visible
 * gives way to the account's username (composers/federation).
 */

const bidiControl = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const bidiControls = new RegExp(bidiControl.source, 'g');
const visible = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether `text` holds a character that changes the direction of the text around it. */
export const hasBidiControl = (text: string) => bidiControl.test(text);

/** `text` without the characters `hasBidiControl` looks for. */
export const withoutBidiControls = (text: string) => text.replace(bidiControls, '');

/** Whether `text` holds at least one character a reader can see. */
export const hasVisibleCharacter = (text: string) => visible.test(text);

/**
 * `text` between first-strong isolates (U+2068 … U+2069), for a place that takes only a string
 * (a page title, an accessible name, a sentence with a value in it): its direction is its own, so
 * `#seaglass` in an Arabic heading keeps its # before the word instead of reading `seaglass#`.
 * Where markup is possible, `<bdi>` does the same.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

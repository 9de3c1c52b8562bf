/**
 * Hashtags and mentions, found the same way by the server (which tags a post is listed under, whom
 * a caption notifies) and the web app (what becomes a link). Parsing only finds ranges: the text a
 * person wrote is stored and shown exactly as written, never rewritten.
 *
 * - `#tag`: Unicode letters, marks, digits and `_`, with at least one letter (`#1` is a number, not
 *   a tag), at most `limits.hashtagMax` characters. Tags compare case-insensitively: `#Sunset` and
 *   `#SUNSET` are the tag `sunset` (lower case, NFC, so composed and decomposed accents agree).
 * - `@username`: the characters a username may hold (schemas.ts `Username`), 3 to 30 long; a
 *   sentence's final dot is not part of it ("thanks @ada.").
 * - Neither starts inside a word, an address or a link: `a#b`, `me@example.com`, `/#top`.
 */
import { limits } from './limits.ts';

export type TextPart =
  | { kind: 'text'; text: string }
  /** `text` as written ("#Sunset"); `tag` normalised ("sunset"). */
  | { kind: 'tag'; text: string; tag: string }
  /** `text` as written ("@Ada"); `username` in lower case ("ada"). */
  | { kind: 'mention'; text: string; username: string };

const tagChars = String.raw`[\p{L}\p{M}\p{N}_]`;
// Not after a word character, an `&` (HTML entities), a slash (links), another # or @, or a dot.
const entity = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}_&/#@.])(?:#(${tagChars}+)|@([A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?))`,
  'gu',
);
const hasLetter = /\p{L}/u;
const wholeTag = new RegExp(`^${tagChars}+$`, 'u');
const usernameMin = 3;
const usernameMax = 30;

/** The tag a person means by `raw` (with or without its #): lower case, NFC. */
export function normalizeTag(raw: string): string {
  return raw.replace(/^#/, '').toLowerCase().normalize('NFC');
}

/** Whether `tag` (already without its #) is something `#tag` would make a hashtag of. */
export function isHashtag(tag: string): boolean {
  return wholeTag.test(tag) && hasLetter.test(tag) && [...tag].length <= limits.hashtagMax;
}

/** The text cut into plain runs, hashtags and mentions; joining every part's `text` gives it back. */
export function parseText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(entity)) {
    const [whole, tagBody, username] = match;
    let part: TextPart | null = null;
    if (tagBody !== undefined && isHashtag(tagBody)) {
      part = { kind: 'tag', text: whole, tag: normalizeTag(tagBody) };
    } else if (username !== undefined && username.length >= usernameMin && username.length <= usernameMax) {
      part = { kind: 'mention', text: whole, username: username.toLowerCase() };
    }
    if (!part) continue;
    if (match.index > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push(part);
    plainFrom = match.index + whole.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}

/** Each hashtag once, normalised, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const part of parseText(text)) if (part.kind === 'tag') tags.add(part.tag);
  return [...tags];
}

/** Each mentioned username once, in lower case, in order of first appearance. */
export function extractMentions(text: string): string[] {
  const names = new Set<string>();
  for (const part of parseText(text)) if (part.kind === 'mention') names.add(part.username);
  return [...names];
}

/**
 * How a profile shows someone across servers: `@name@host`. A remote account's username already
 * is `name@host` (its server's host, federation); a member here gets this server's host, with its
 * port when it has one.
 */
export function fediverseHandle(username: string, host: string): string {
  return username.includes('@') ? `@${username}` : `@${username}@${host}`;
}

/** The server a remote account lives on (its host, with the port when it has one); null for a member here. */
export function remoteHostOf(username: string): string | null {
  const at = username.indexOf('@');
  return at > 0 ? username.slice(at + 1) : null;
}

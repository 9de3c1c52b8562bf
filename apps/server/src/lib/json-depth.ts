/**
 * JSON that strangers send, parsed only when it nests no deeper than a limit. V8's JSON.parse
 * copes with deep nesting, but what reads the value next often recurses once per level (jsonld's
 * clone overflowed its stack on 200,000 nested arrays, after a second of CPU): the depth is counted
 * first, in one pass over the text that skips strings, so a hostile body costs a scan and no more.
 */

export class JsonTooDeep extends Error {}

/** Whether `text` opens no more than `maxDepth` arrays and objects inside one another. */
export function nestsWithin(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      // A backslash: the next character is escaped, whatever it is.
      if (code === 0x5c) at++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return false;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return true;
}

/** `JSON.parse(text)`, refused with JsonTooDeep past `maxDepth` (a SyntaxError when malformed). */
export function parseJsonWithin(text: string, maxDepth: number): unknown {
  if (!nestsWithin(text, maxDepth)) throw new JsonTooDeep(`JSON nested deeper than ${maxDepth}`);
  return JSON.parse(text);
}

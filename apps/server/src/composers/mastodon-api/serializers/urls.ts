/**
 * Absolute URLs for the entities apps read (every `url`, `avatar`, `preview_url`, link in
 * `content`): a page of statuses has a hundred or so, and parsing each with `new URL` was a tenth
 * of what serializing a page cost. A path that is already plain (ASCII, no dot segments, no
 * backslash) becomes the origin and the path as they are, which is what `new URL` would give.
 */

const plainPath = /^\/(?!\/)[A-Za-z0-9.\-_~!$&()*+,;=:@%/?#]*$/;

let lastPublicUrl = '';
let lastOrigin = '';

function originOf(publicUrl: string): string {
  if (publicUrl !== lastPublicUrl) {
    lastOrigin = new URL(publicUrl).origin;
    lastPublicUrl = publicUrl;
  }
  return lastOrigin;
}

/** `path` (or a URL) made absolute on the server's public origin, as `new URL(path, publicUrl)`. */
export function absoluteUrl(path: string, publicUrl: string): string {
  if (plainPath.test(path) && !path.includes('/.')) return originOf(publicUrl) + path;
  return new URL(path, publicUrl).toString();
}

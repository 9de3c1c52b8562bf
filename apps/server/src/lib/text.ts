/**
 * Characters PostgreSQL cannot store in text: U+0000 (NUL) and unpaired UTF-16 surrogates (no
 * UTF-8 form; drivers would silently turn them into U+FFFD). Every JSON body, path and query
 * string is checked once (core/http.ts, app/request-guards.ts, app/auth-proxy.ts), so a caption,
 * a name or an id with one gets a clear 400 instead of a database error (500) or a silently
 * altered text.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnstorableText = (value: string) => value.includes('\u0000') || loneSurrogate.test(value);

/**
 * Text another server wrote, made storable: NUL removed, unpaired surrogates replaced by U+FFFD
 * (composers/federation: a remote name or caption is taken in, not refused).
 */
export const toStorableText = (value: string) =>
  value.replaceAll('\u0000', '').replace(new RegExp(loneSurrogate.source, 'g'), '\uFFFD');

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

const pathOf = (visit: Visit) => {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) keys.unshift(v.key);
  return keys.join('.') || '_';
};

/**
 * The path (`caption`, `items.0.name`, `_` for the body itself) of the first string or key that
 * cannot be stored, or null. Iterative and linear, so a deeply nested body costs no more than a flat one.
 */
export function findUnstorableText(root: unknown, { skipKeys }: { skipKeys?: RegExp } = {}): string | null {
  const stack: Visit[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasUnstorableText(value)) return pathOf(visit);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (skipKeys?.test(key)) continue;
        const next = { value: child, key, parent: visit };
        if (hasUnstorableText(key)) return pathOf(next);
        stack.push(next);
      }
    }
  }
  return null;
}

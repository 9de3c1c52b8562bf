/**
 * A client API request's parameters, however the app sent them: JSON (masto.js, Elk), a form
 * (`application/x-www-form-urlencoded`, Tusky's `media_ids[]=`), multipart (uploads) or no
 * Content-Type at all (some apps' token requests). Array parameters (`media_ids[]`, `types[]`)
 * are arrays under their name without the brackets; a file stays a File.
 */
export type ParamValue = string | File | (string | File)[] | unknown;
export type Params = Record<string, ParamValue>;

const arrayName = /^(.+)\[\]$/;

function addTo(params: Params, key: string, value: string | File) {
  const array = arrayName.exec(key);
  if (array?.[1]) {
    const name = array[1];
    const existing = params[name];
    params[name] = Array.isArray(existing) ? [...existing, value] : [value];
    return;
  }
  params[key] = value;
}

function fromEntries(entries: Iterable<[string, string | File]>): Params {
  const params: Params = {};
  for (const [key, value] of entries) addTo(params, key, value);
  return params;
}

/** The query string's parameters (`types[]=a&types[]=b` → `types: ['a', 'b']`). */
export const queryParams = (url: string): Params => fromEntries(new URL(url).searchParams.entries());

/** The body's parameters; an empty or unreadable body gives none (the route then says what is missing). */
export async function bodyParams(request: Request): Promise<Params> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const entries: [string, string | File][] = [];
    form.forEach((value, key) => {
      entries.push([key, value]);
    });
    return fromEntries(entries);
  }
  const text = await request.text();
  if (!text.trim()) return {};
  if (type.includes('json') || (!type.includes('form') && /^\s*[{[]/.test(text))) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Params) : {};
    } catch {
      return {};
    }
  }
  return fromEntries(new URLSearchParams(text).entries());
}

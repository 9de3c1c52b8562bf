/**
 * Fedify's inbox takes a sender's public key from its key cache (our KV store, which keeps it in
 * memory as well: kv.ts) and parses it anew for every signed request: `CryptographicKey.fromJsonLd`
 * runs a JSON-LD expansion, an ASN.1 parse and a WebCrypto import, ~0.3 ms alone and about 1 ms of
 * a web worker's CPU per incoming activity under load, a tenth of the activity's cost
 * (docs/performance.md, "Federation"). Fedify 2.3.6 builds that key cache inside its inbox handler,
 * with no hook, so the parse itself is remembered here: the same document always gives the same
 * key, and vocabulary objects are immutable, so one parsed key serves every request that names it.
 * Keyed by the whole document, a replaced key is parsed anew; a failed parse is not kept. Imported
 * by context.ts, the one place this is done.
 */
import { CryptographicKey } from '@fedify/vocab';

/** Distinct key documents kept in this process (the oldest goes first): ~1 KB each. */
const largest = 5_000;
const parsed = new Map<string, ReturnType<typeof CryptographicKey.fromJsonLd>>();
const parse = CryptographicKey.fromJsonLd.bind(CryptographicKey);

CryptographicKey.fromJsonLd = (json, options) => {
  // A base URL resolves relative ids differently: such a parse is not the same function of `json`.
  if (json === null || typeof json !== 'object' || options?.baseUrl) return parse(json, options);
  const document = JSON.stringify(json);
  const kept = parsed.get(document);
  if (kept) return kept;
  if (parsed.size >= largest) parsed.delete(parsed.keys().next().value!);
  const parsing = parse(json, options);
  parsed.set(document, parsing);
  parsing.catch(() => parsed.delete(document));
  return parsing;
};

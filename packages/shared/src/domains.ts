/**
 * Server names as domain blocks match them: one spelling for every host, and the blocks that cover
 * a host. The admin form's schema (`federationDomain`), the stored blocks and every check on the
 * server go through these two functions, so a block and the host it is meant for always meet.
 */

/**
 * `host` (a name or address, with its port when it has one) in the one spelling blocks use:
 * lower case, an international name in punycode, no trailing dot, the default https port (443)
 * dropped. Names without a dot (`localhost`, an intranet name) and address literals (`127.0.0.1`,
 * `[::1]`) are hosts like any other. Null when `host` is not a host alone (a path, a user, spaces).
 */
export function normalizeDomain(host: string): string | null {
  const text = host.trim();
  if (!text || /[\s/\\?#@]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(`https://${text}`);
  } catch {
    return null;
  }
  const hostname = url.hostname.replace(/\.$/, '');
  if (!hostname || hostname.startsWith('.') || hostname.includes('..')) return null;
  return url.port ? `${hostname}:${url.port}` : hostname;
}

const isAddressLiteral = (hostname: string) => hostname.startsWith('[') || /^[\d.]+$/.test(hostname);

/**
 * The blocks that would cover `host`, most specific first: the host with its port, the host on
 * every port, then each parent domain likewise (`a.evil.example:5968`, `a.evil.example`,
 * `evil.example:5968`, `evil.example`, `example:5968`, `example`), as Mastodon's `rule_for` walks
 * them. The first of these that is blocked is the rule for the host. An address has no parents.
 */
export function domainBlockCandidates(host: string): string[] {
  const normal = normalizeDomain(host);
  if (!normal) return [];
  const { hostname, port } = new URL(`https://${normal}`);
  const labels = hostname.split('.');
  const names = isAddressLiteral(hostname) ? [hostname] : labels.map((_, i) => labels.slice(i).join('.'));
  return names.flatMap((name) => (port ? [`${name}:${port}`, name] : [name]));
}

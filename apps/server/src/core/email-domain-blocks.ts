/**
 * Email domain blocks, as a sign-up meets them (auth/registrations.ts; admins keep the list in
 * features/community/email-domain-blocks.ts): the address's domain matches a block on it or on a
 * parent domain, and so do the domain's mail servers (MX hosts), so one block on a disposable-mail
 * provider's mail host catches the many domains it receives for. The MX lookup runs on the server
 * only, with a time limit, and only when there is a block to match; it never connects to the hosts
 * it names. A lookup that fails or runs out of time leaves the address's own domain to decide.
 */

import { Resolver } from 'node:dns/promises';
import type { EmailDomainBlockSeverity } from '@glimpse/shared';
import { normalizeDomain } from '@glimpse/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailDomainBlocks } from '../db/schema.ts';

/** The mail servers a domain names (MX exchanges), in any order. */
export type ResolveMx = (domain: string) => Promise<string[]>;

/** How long a sign-up waits for the MX answer before going on without it. */
export const mxLookupTimeoutMs = 3000;
/** A domain naming more mail servers than this has the rest ignored. */
const mxHostsMax = 10;

/**
 * MX lookups through the system's resolvers, or `servers` ("127.0.0.1:5353": a test's responder).
 * One try per server within the time limit: a sign-up does not wait on a slow resolver's retries.
 */
export function createMxResolver(servers?: string[], timeoutMs = mxLookupTimeoutMs): ResolveMx {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers) resolver.setServers(servers);
  return async (domain) => (await resolver.resolveMx(domain)).map((record) => record.exchange);
}

/** `a.mail.example` → `a.mail.example`, `mail.example`, `example`: a block on a domain covers its subdomains. */
function withParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('MX lookup timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What the blocks say of a sign-up with `email`: refused, waiting for approval, or nothing (null). */
export async function emailDomainVerdict(
  db: Db,
  email: string,
  resolveMx: ResolveMx,
): Promise<EmailDomainBlockSeverity | null> {
  const domain = normalizeDomain(email.slice(email.lastIndexOf('@') + 1));
  if (!domain) return null;
  const anyBlock = await db.select({ domain: emailDomainBlocks.domain }).from(emailDomainBlocks).limit(1);
  if (anyBlock.length === 0) return null;
  const mxHosts = await withinTime(resolveMx(domain), mxLookupTimeoutMs).catch(() => [] as string[]);
  const candidates = new Set(withParents(domain));
  for (const host of mxHosts.slice(0, mxHostsMax)) {
    const normalized = normalizeDomain(host);
    if (normalized) for (const name of withParents(normalized)) candidates.add(name);
  }
  const matches = await db
    .select({ severity: emailDomainBlocks.severity })
    .from(emailDomainBlocks)
    .where(inArray(emailDomainBlocks.domain, [...candidates]));
  if (matches.some((match) => match.severity === 'refuse')) return 'refuse';
  return matches.length > 0 ? 'approval' : null;
}

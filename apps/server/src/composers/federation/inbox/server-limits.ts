/**
 * What one remote server may make here in an hour, whichever of its accounts acts
 * (`rateLimits.remoteAccountsPerServer`, `remoteReportsPerServer` in packages/shared): a server can
 * invent accounts at will, so per-account limits do not hold it back. Past a limit the activity is
 * dropped (logged), as Mastodon drops what it will not take; the window is shared by every
 * instance (`rate_limit_windows`). Off with RATE_LIMITS=off.
 */
import { rateLimits } from '@glimpse/shared';
import type { CoreDeps } from '../../../core/deps.ts';
import { consume } from '../../../core/rate-limit.ts';

type ServerRule = 'remoteAccountsPerServer' | 'remoteReportsPerServer';

/** Counts one more for `host` (host with port) under `rule`: whether it is still within it. */
export async function withinServerLimit(
  deps: Pick<CoreDeps, 'db' | 'env' | 'logger'>,
  rule: ServerRule,
  host: string,
): Promise<boolean> {
  if (deps.env.RATE_LIMITS === 'off') return true;
  const { max, windowSeconds } = rateLimits[rule];
  const { count } = await consume(deps.db, `${rule}:${host.toLowerCase()}`, windowSeconds);
  if (count <= max) return true;
  if (count === max + 1) deps.logger.warn({ host, rule }, 'remote server past its hourly limit: dropping');
  return false;
}

/**
 * When a signed session copy (better-auth's cookie cache, auth.ts) may answer for an account.
 *
 * A copy stands in for the database for up to a minute, so it would outlive a session that was
 * ended on purpose: signed out, revoked from another device, a password reset or change, a deleted
 * account (better-auth's session-delete hook and deleteAccount publish `sessions_ended`), or a
 * suspension (core/suspended.ts). Every instance hears these through the live hub and
 * then, until every copy signed before the event has expired, lets the database decide for that
 * account: in the API's session check (auth/session.ts) and in better-auth's own routes, whose
 * copies are checked through the cookie cache's version (auth.ts).
 */
import type { SuspendedAccounts } from '../core/suspended.ts';
import type { LiveHub } from '../live/hub.ts';
import { sessionCookieCacheSeconds } from './auth.ts';

/** A copy made just before an event lives this long after it: its maxAge and a little clock slack. */
const endedWindowMs = (sessionCookieCacheSeconds + 5) * 1000;

export interface EndedSessions {
  /** Sessions of this account were ended within the window: copies are not taken for their word. */
  recently(userId: string): boolean;
}

export function watchEndedSessions(live: LiveHub): EndedSessions {
  const endedUntil = new Map<string, number>();
  live.listen((event) => {
    if (event.kind === 'sessions_ended') endedUntil.set(event.userId, Date.now() + endedWindowMs);
  });
  return {
    recently(userId) {
      const until = endedUntil.get(userId);
      if (until === undefined) return false;
      if (Date.now() <= until) return true;
      endedUntil.delete(userId);
      return false;
    },
  };
}

/**
 * Whether a signed copy may answer for `userId` at all: not while the account is suspended, was
 * lifted a moment ago (the copy may predate the suspension), or had sessions ended a moment ago.
 * In memory on every instance: no query.
 */
export function copyTrust(suspended: SuspendedAccounts, ended: EndedSessions) {
  return (userId: string): boolean | Promise<boolean> => {
    if (ended.recently(userId)) return false;
    const status = suspended.status(userId);
    return typeof status === 'string' ? status === 'ok' : status.then((s) => s === 'ok');
  };
}

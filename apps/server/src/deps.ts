/** What the app needs from the outside world; main.ts builds it for real, tests build it in memory. */
import type { EndedSessions } from './auth/ended-sessions.ts';
import type { AuthDeps } from './auth/env.ts';
import type { FeedDeps } from './composers/feed/cache.ts';
import type { SuspendedAccounts } from './core/suspended.ts';
import type { PgListener } from './live/pg-listener.ts';

export interface AppDeps extends AuthDeps, FeedDeps {
  /** Suspended accounts, kept in memory for the session check (core/suspended.ts). */
  suspended: SuspendedAccounts;
  /** Accounts whose sessions were just ended: their signed session copies are not trusted (auth/ended-sessions.ts). */
  endedSessions: EndedSessions;
  /** The instance's one LISTEN connection (live/pg-listener.ts); closed with the live hub. */
  listener: PgListener;
}

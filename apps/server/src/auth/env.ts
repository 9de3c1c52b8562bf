/**
 * The request env of routes that call better-auth themselves (the account composer: password and
 * two-factor checks before a sensitive change). Features below the auth layer see the core's
 * deps only (core/deps.ts).
 */
import type { CoreDeps } from '../core/deps.ts';
import type { AppEnv } from '../core/http.ts';
import type { Auth } from './auth.ts';

export interface AuthDeps extends CoreDeps {
  auth: Auth;
}

export type AuthEnv = { Variables: Omit<AppEnv['Variables'], 'deps'> & { deps: AuthDeps } };

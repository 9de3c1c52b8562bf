/**
 * The better-auth routes that answer over HTTP under /api/auth: the ones the app uses on purpose,
 * each with why. Every other route better-auth or a plugin brings (change-email, update-user,
 * delete-user, the admin plugin's, social linking, …) answers the app's 404 before better-auth
 * sees the request (app/auth-proxy.ts), because those routes skip the rules the app's own screens enforce:
 * raw change-email took an address without the password. Server code still calls any of them
 * through `auth.api`, which does not pass through the HTTP handler.
 *
 * auth/exposed-routes.test.ts walks better-auth's whole `api` object: a route it has that is not
 * named here must answer 404, and a row here must name a route better-auth really has.
 */

type Method = 'GET' | 'POST';

export const exposedAuthRoutes: Record<string, { methods: readonly Method[]; why: string }> = {
  '/sign-up/email': { methods: ['POST'], why: 'the /signup screen' },
  '/sign-in/email': { methods: ['POST'], why: 'the /login screen and Add Account' },
  '/sign-out': { methods: ['POST'], why: 'Log Out in the side nav and on /settings' },
  '/get-session': { methods: ['GET'], why: 'two-factor settings re-read the session after a change' },
  '/request-password-reset': { methods: ['POST'], why: '/forgot-password' },
  '/reset-password': { methods: ['POST'], why: '/reset-password?token=…, the page the reset mail opens' },
  '/verify-email': {
    methods: ['GET'],
    why: 'the links of the sign-up confirmation and the new-address mail of Change email',
  },
  '/send-verification-email': { methods: ['POST'], why: 'Resend email on the confirmation banner' },
  '/change-password': {
    methods: ['POST'],
    why: 'Change password on /settings/account (asks the current one)',
  },
  '/list-sessions': { methods: ['GET'], why: 'the device list on /settings/account' },
  '/revoke-other-sessions': { methods: ['POST'], why: 'Log out other devices' },
  '/multi-session/list-device-sessions': { methods: ['GET'], why: 'the account switcher (Add Account)' },
  '/multi-session/set-active': { methods: ['POST'], why: 'switching to another account on this device' },
  '/multi-session/revoke': { methods: ['POST'], why: 'signing one account out of this device' },
  '/two-factor/enable': { methods: ['POST'], why: 'Enable two-factor authentication (asks the password)' },
  '/two-factor/verify-totp': { methods: ['POST'], why: 'the first code when enabling, and sign-in' },
  '/two-factor/verify-backup-code': { methods: ['POST'], why: 'sign-in with a backup code' },
  '/two-factor/disable': { methods: ['POST'], why: 'turning two-factor off (asks the password)' },
  // Add a passkey's options come from POST /api/account/passkeys/options, after the password.
  '/passkey/register': {
    methods: ['POST'],
    why: 'Add a passkey, the browser’s answer to the options of the step-up',
  },
  '/passkey/list': { methods: ['GET'], why: 'the passkey list on /settings/account' },
  '/passkey/delete': { methods: ['POST'], why: 'removing a passkey' },
  '/passkey/sign-in-options': { methods: ['POST'], why: 'Sign in with a passkey' },
  '/passkey/sign-in': { methods: ['POST'], why: 'Sign in with a passkey, the browser’s answer' },
};

const basePath = '/api/auth';

/**
 * Whether a request to `url` may reach better-auth. It reads the path exactly as better-auth's
 * router will (the URL's pathname, not decoded), so no spelling of a closed route's path can
 * match a row here: every row is a fixed path, and the router matches a fixed path only by the
 * same characters.
 */
export function isExposedAuthRoute(method: string, url: string): boolean {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(`${basePath}/`)) return false;
  const route = Object.hasOwn(exposedAuthRoutes, pathname.slice(basePath.length))
    ? exposedAuthRoutes[pathname.slice(basePath.length)]
    : undefined;
  return route !== undefined && (route.methods as readonly string[]).includes(method);
}

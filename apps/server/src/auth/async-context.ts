/**
 * better-auth keeps its request context (the endpoint, the request state, the open transaction) in
 * AsyncLocalStorage. On Node 20 a storage that has run once keeps async_hooks' promise hook on for
 * the rest of the process, so from the first sign-in every promise of every request pays for it,
 * whether or not better-auth is involved: an authenticated GET of a stored page answered 28% more
 * requests per second with the hook off (docs/performance.md).
 *
 * So the hook is on only while a call into better-auth is running: `whileRunning` counts the calls
 * through `auth.handler` and `auth.api`, and when the last one has ended it disables better-auth's
 * storages (Node turns the hook off with the last enabled one; the next call's `run()` turns it back
 * on). Only work better-auth left running after its call returned would find no context there; it
 * reads it with the `tryGet…` forms, and its database access then uses the ordinary adapter, which is
 * right once the call's transaction is over.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';

/** The storages better-auth's core keeps on its process-wide object (@better-auth/core/context). */
const betterAuthStorageNames = [
  'endpointContextAsyncStorage',
  'requestStateAsyncStorage',
  'adapterAsyncStorage',
] as const;

type Storages = () => (AsyncLocalStorage<unknown> | undefined)[];

function betterAuthStorages(): (AsyncLocalStorage<unknown> | undefined)[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, AsyncLocalStorage<unknown>> }>)[
    Symbol.for('better-auth:global')
  ];
  return betterAuthStorageNames.map((name) => global?.context?.[name]);
}

interface AuthLike {
  handler: (request: Request) => Promise<Response>;
  api: object;
}

/** `auth` with its handler and every `api` endpoint counted as running (see the module comment). */
export function contextOnlyWhileRunning<A extends AuthLike>(
  auth: A,
  storages: Storages = betterAuthStorages,
): A {
  let running = 0;
  async function whileRunning<T>(call: () => Promise<T>): Promise<T> {
    running += 1;
    try {
      return await call();
    } finally {
      running -= 1;
      if (running === 0) for (const storage of storages()) storage?.disable();
    }
  }
  const api = new Proxy(auth.api, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      // The endpoint's own `path` and `options` stay readable (auth/exposed-routes.test.ts walks them).
      return Object.assign((...args: unknown[]) => whileRunning(() => value.apply(target, args)), value);
    },
  });
  return { ...auth, handler: (request: Request) => whileRunning(() => auth.handler(request)), api };
}

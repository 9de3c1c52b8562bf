import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { contextOnlyWhileRunning } from './async-context.ts';

/** A stand-in for better-auth: each call runs in its storage and reads it back after a wait. */
function fakeAuth(storage: AsyncLocalStorage<string>) {
  const endpoint = (name: string, ms: number) =>
    storage.run(name, async () => {
      await sleep(ms);
      return storage.getStore();
    });
  return {
    handler: async (request: Request) => new Response(await endpoint(new URL(request.url).pathname, 20)),
    api: { getSession: (ms: number) => endpoint('getSession', ms), version: '1' },
  };
}

/**
 * Node 24 keeps AsyncLocalStorage contexts in AsyncContextFrame: no promise hook to turn off, so
 * nothing to save, and a disabled storage still shows a continuation the context it started in.
 * What the module switches off is Node 20's hook; there, its effect is what the tests below see.
 */
async function disabledStorageStillShowsContext(): Promise<boolean> {
  const storage = new AsyncLocalStorage<string>();
  let later: Promise<string | undefined> | undefined;
  storage.run('started', () => {
    later = sleep(1).then(() => storage.getStore());
  });
  storage.disable();
  return (await later) !== undefined;
}
const contextFrames = await disabledStorageStillShowsContext();

describe('better-auth context only while a call runs', () => {
  it('keeps each call’s context across awaits, also when calls overlap', async () => {
    const storage = new AsyncLocalStorage<string>();
    const auth = contextOnlyWhileRunning(fakeAuth(storage), () => [storage]);
    const [slow, fast, page] = await Promise.all([
      auth.api.getSession(40),
      sleep(5).then(() => auth.api.getSession(5)),
      auth.handler(new Request('http://localhost/sign-in')).then((r) => r.text()),
    ]);
    // The fast call ended while the others were still running: theirs stayed on.
    expect([slow, fast, page]).toEqual(['getSession', 'getSession', '/sign-in']);
    expect(auth.api.version).toBe('1');
  });

  it.skipIf(contextFrames)(
    'switches the storage off once no call is running, and back on with the next',
    async () => {
      const storage = new AsyncLocalStorage<string>();
      const auth = contextOnlyWhileRunning(fakeAuth(storage), () => [storage]);
      let leftRunning: Promise<string | undefined> | undefined;
      await auth.handler(new Request('http://localhost/a'));
      // Work a call started but did not wait for finds no context once the storage is off.
      await storage.run('left running', async () => {
        leftRunning = sleep(10).then(() => storage.getStore());
      });
      await auth.api.getSession(1);
      expect(await leftRunning).toBeUndefined();
      expect(await auth.api.getSession(1)).toBe('getSession');
    },
  );

  it.skipIf(contextFrames)('counts a call that fails as ended', async () => {
    const storage = new AsyncLocalStorage<string>();
    const failing = {
      handler: (_request: Request) => storage.run('x', () => Promise.reject<Response>(new Error('refused'))),
      api: {},
    };
    const auth = contextOnlyWhileRunning(failing, () => [storage]);
    await expect(auth.handler(new Request('http://localhost/'))).rejects.toThrow('refused');
    let later: Promise<string | undefined> | undefined;
    storage.run('y', () => {
      later = sleep(5).then(() => storage.getStore());
    });
    await auth.handler(new Request('http://localhost/')).catch(() => undefined);
    expect(await later).toBeUndefined();
  });
});

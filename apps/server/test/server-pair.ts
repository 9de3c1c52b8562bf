/**
 * Two Glimpse servers on loopback for federation tests, over https with a test certificate
 * authority (tls.ts): each a real app on its own database with its own job runner, listening on
 * its own port under its own name, and reaching the other through its outbound gate
 * (FEDERATION_ALLOW_PRIVATE_ADDRESSES for loopback, the names pinned to 127.0.0.1). Each test file
 * takes names and ports of its own, so files can run side by side.
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createTestContext, type TestContext, testOrigin } from './context.ts';
import { testCertificate } from './tls.ts';

export interface PairedServer {
  t: TestContext;
  close(): Promise<void>;
}

export interface ServerPair {
  a: PairedServer;
  b: PairedServer;
  /** Both queues idle at once: a delivery on one side makes work on the other. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

type Two<T> = { a: T; b: T };

export const pairOrigins = (names: Two<string>, ports: Two<number>): Two<string> => ({
  a: `https://${names.a}:${ports.a}`,
  b: `https://${names.b}:${ports.b}`,
});

export async function startServerPair(names: Two<string>, ports: Two<number>): Promise<ServerPair> {
  const tls = testCertificate([names.a, names.b]);
  const hosts = { [names.a]: ['127.0.0.1'], [names.b]: ['127.0.0.1'] };
  const origins = pairOrigins(names, ports);
  const start = async (origin: string, port: number): Promise<PairedServer> => {
    const t = await createTestContext(
      { PUBLIC_URL: origin, TRUSTED_ORIGINS: testOrigin, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
      { outbound: { ca: tls.cert, hosts } },
    );
    const server = createAdaptorServer({
      fetch: t.app.fetch,
      createServer: https.createServer as never,
      serverOptions: { cert: tls.cert, key: tls.key } as never,
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    if ((server.address() as AddressInfo).port !== port) throw new Error(`not listening on ${port}`);
    return {
      t,
      close: async () => {
        await new Promise((resolve) => server.close(resolve));
        await t.close();
      },
    };
  };
  const a = await start(origins.a, ports.a);
  const b = await start(origins.b, ports.b);
  return {
    a,
    b,
    settle: async () => {
      for (let round = 0; round < 6; round++) await Promise.all([a.t.jobsDone(), b.t.jobsDone()]);
    },
    close: async () => {
      await a.close();
      await b.close();
    },
  };
}

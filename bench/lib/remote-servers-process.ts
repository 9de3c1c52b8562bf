/**
 * The stand-in servers (remote-servers.ts) in a process of their own, as they would be on other
 * machines: their TLS and JSON work then no longer runs on the event loop of the process that times
 * the home feed's reads, which would add its own delays to the reads it measures. The parent gets
 * the same `RemoteServers`: deliveries are reported as they arrive (times on the parent's clock),
 * the signing key is handed over once.
 *
 * Run by the parent only: `node --import tsx bench/lib/remote-servers-process.ts` reads its options
 * from the first IPC message.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { type Delivery, type RemoteServers, startRemoteServers } from './remote-servers.ts';

type Options = Parameters<typeof startRemoteServers>[0];

type ChildMessage =
  | {
      type: 'ready';
      origins: string[];
      actors: string[];
      caFile: string;
      privateKey: JsonWebKey;
    }
  | { type: 'delivery'; delivery: Omit<Delivery, 'at'> & { epochMs: number } };

export async function startRemoteServersProcess(options: Options): Promise<RemoteServers> {
  const child = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const deliveries: Delivery[] = [];
  const ready = new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message);
      else {
        const { epochMs, ...rest } = message.delivery;
        deliveries.push({ ...rest, at: epochMs - performance.timeOrigin });
      }
    });
    child.once('exit', (code) => reject(new Error(`the stand-in servers' process exited (${code})`)));
  });
  child.send(options);
  const started = await ready;
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    started.privateKey,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    true,
    ['sign'],
  );
  return {
    origins: started.origins,
    actors: started.actors,
    keyIdOf: (actor) => `${actor}#main-key`,
    privateKey,
    deliveries,
    caFile: started.caFile,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename && process.send) {
  const tell = (message: ChildMessage) => process.send!(message);
  const [options] = (await once(process, 'message')) as [Options];
  const servers = await startRemoteServers({
    ...options,
    onDelivery: ({ at, ...rest }) =>
      tell({ type: 'delivery', delivery: { ...rest, epochMs: performance.timeOrigin + at } }),
  });
  tell({
    type: 'ready',
    origins: servers.origins,
    actors: servers.actors,
    caFile: servers.caFile,
    privateKey: await crypto.subtle.exportKey('jwk', servers.privateKey),
  });
  const stop = () => void servers.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

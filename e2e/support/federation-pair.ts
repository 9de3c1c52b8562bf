/**
 * Two more Glimpse servers for the federation spec, as two operators would run them: each the built
 * app (scripts/start.mjs) on its own embedded PostgreSQL and DATA_DIR, behind a TLS proxy that
 * forwards to its plain-http port with the Host unchanged (docs/operations.md, "TLS proxy"), with
 * an https PUBLIC_URL on loopback. One throwaway certificate names both; each server trusts it
 * through NODE_EXTRA_CA_CERTS and reaches the other through its outbound gate with
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES. The browser opens A over https and is told to accept the
 * certificate (`ignoreHTTPSErrors`), since only the servers need to trust each other.
 *
 * Why not the suite's own server as A: federation needs A's identity (PUBLIC_URL) to be https,
 * because B fetches A's actor to check every signature and delivers its Accept there; the main
 * server's PUBLIC_URL is http://localhost:<E2E_PORT>, which the other specs depend on (passkeys'
 * relying party, mailed links, the Origin check). So this pair is started by the spec that needs
 * it (a worker fixture), both at once, and the rest of the suite never waits for it.
 *
 * Ports from `basePort`: A on basePort (https) and +1 (its http), B on +2 and +3; the spec takes
 * E2E_PORT + 48. In the spec mail goes to the run's SMTP receiver, so `mailedLink` finds sign-up
 * links as for the main server.
 *
 * Run as a program it is the "two servers locally" of docs/federation.md: `npm run federation:pair`
 * starts the pair, prints where to open it, and stops both on Ctrl-C (their mail in DATA_DIR/mail).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface FederatedServer {
  /** https://localhost:<port>: the server's PUBLIC_URL, what the browser opens. */
  origin: string;
  /** `localhost:<port>`, the part of a handle after the second @. */
  host: string;
}

export interface FederationPair {
  a: FederatedServer;
  b: FederatedServer;
  /** Where both DATA_DIRs (a/, b/) and the certificate (cert.pem) are; removed by `stop`. */
  workDir: string;
  stop(): Promise<void>;
}

export interface PairOptions {
  basePort: number;
  /** Unset: each server's file mailbox, DATA_DIR/mail. */
  smtpUrl?: string;
  /** Each server's output line by line; by default kept and shown only if the pair fails to start. */
  onLog?: (line: string) => void;
}

const startScript = path.resolve(import.meta.dirname, '../../scripts/start.mjs');

/** A self-signed certificate for localhost (and 127.0.0.1), valid two days, written to `dir`. */
function makeCertificate(dir: string): { certFile: string; cert: string; key: string } {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '2'],
      ...['-subj', '/CN=glimpse-e2e', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { certFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/**
 * Terminates TLS on `publicPort` and forwards each request, streamed, to the server's http port,
 * Host and all. It listens on every loopback form (no host given) because `localhost` may resolve
 * to ::1 as well as 127.0.0.1, and the outbound gate connects to the first answer.
 */
async function startTlsProxy(
  tls: { cert: string; key: string },
  publicPort: number,
  upstreamPort: number,
): Promise<https.Server> {
  const proxy = https.createServer({ cert: tls.cert, key: tls.key }, (incoming, outgoing) => {
    const forwarded = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        // No kept-alive sockets to the server: they would hold its graceful stop open.
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  // A retried test's new worker can start while the failed one still stops its pair on these ports.
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        proxy.once('error', reject);
        proxy.listen(publicPort, () => {
          proxy.off('error', reject);
          resolve();
        });
      });
      return proxy;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function waitForHealth(port: number, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server on port ${port} exited (${server.exitCode})`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server on port ${port} did not answer /api/health within ${timeoutMs} ms`);
}

/** SIGTERM, as an operator stops it: the server then stops its embedded PostgreSQL before exiting. */
async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 20_000)),
  ]);
  if (timedOut) server.kill('SIGKILL');
}

export async function startFederationPair({
  basePort,
  smtpUrl,
  onLog,
}: PairOptions): Promise<FederationPair> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'glimpse-e2e-federation-'));
  // mkdtemp makes it 0700; run as root, the embedded PostgreSQL (the `postgres` account) must enter it.
  chmodSync(workDir, 0o711);
  const tls = makeCertificate(workDir);
  const servers: ChildProcess[] = [];
  const proxies: https.Server[] = [];
  const logs: string[] = [];

  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    await Promise.all(
      proxies.map((proxy) => {
        const closed = new Promise((resolve) => proxy.close(resolve));
        // A browser keeps its connections open; close() alone would wait for them forever.
        proxy.closeAllConnections();
        return closed;
      }),
    );
    rmSync(workDir, { recursive: true, force: true });
  };

  const start = async (name: string, publicPort: number, httpPort: number): Promise<FederatedServer> => {
    const origin = `https://localhost:${publicPort}`;
    // The proxy first: once its port is free, an earlier pair's server on the next port has stopped.
    proxies.push(await startTlsProxy(tls, publicPort, httpPort));
    const server = spawn(process.execPath, [startScript], {
      env: {
        ...process.env,
        // Each its own embedded database and local uploads, whatever the shell says.
        DATABASE_URL: undefined,
        STORAGE_DRIVER: undefined,
        NODE_TYPE: undefined,
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(workDir, name),
        PUBLIC_URL: origin,
        NODE_EXTRA_CA_CERTS: tls.certFile,
        FEDERATION: 'on',
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
        // One HTTP worker each: two more servers share the machine with the suite's own.
        WORKERS: '1',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(server);
    // Should this process end without stopping the pair (a crash, a kill), the servers still stop,
    // each with its PostgreSQL: SIGTERM is theirs to handle, SIGKILL would orphan the database.
    process.once('exit', () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    });
    const keep = (chunk: Buffer) => {
      const line = `[${name}] ${chunk.toString('utf8').trimEnd()}`;
      if (onLog) onLog(line);
      else logs.push(line);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    await waitForHealth(httpPort, server, 120_000);
    return { origin, host: `localhost:${publicPort}` };
  };

  try {
    const [a, b] = await Promise.all([
      start('a', basePort, basePort + 1),
      start('b', basePort + 2, basePort + 3),
    ]);
    return { a, b, workDir, stop };
  } catch (error) {
    await stop();
    throw new Error(`the federation pair did not start: ${(error as Error).message}\n${logs.join('\n')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const basePort = Number(process.argv[2] ?? 3148);
  // Once here, not by both start.mjs at the same moment, each writing the same bundle.
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  console.log('Starting two Glimpse servers (the web app as `npm run build` left it)…');
  const pair = await startFederationPair({ basePort, onLog: (line) => console.log(line) });
  console.log(`
  A: ${pair.a.origin}    B: ${pair.b.origin}
  The browser warns about the test certificate (${path.join(pair.workDir, 'cert.pem')}): accept it, or
  import it. Sign up on each: the confirmation link is printed below ([a] Mail to …), and the mail is
  in ${path.join(pair.workDir, '{a,b}', 'mail')}.
  Then search "@username@${pair.b.host}" on A. Ctrl-C stops both and removes ${pair.workDir}.
`);
  let stopping = false;
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    void pair.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
}

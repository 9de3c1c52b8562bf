/**
 * `npx tsx bench/reliability/hostile-inbox.ts`: what hostile inbox requests cost the server's
 * other visitors. Bounded and on loopback only: the real server as `npm start` runs it (its own
 * embedded PostgreSQL in a temporary DATA_DIR, federation on, rate limits as configured), and one
 * https stand-in on 127.0.0.1 that serves a remote actor and the JSON-LD contexts the hostile
 * bodies name, counting every GET it answers.
 *
 *   1. idle: `/api/health` read back to back for `--idle-seconds`, a new connection each time so
 *      that node:cluster hands the reads to every worker in turn;
 *   2. attack: the same reads while `--clients` clients (in a process of their own, so that the
 *      reads are timed by an event loop that does nothing else) send hostile inbox POSTs back to
 *      back for `--seconds`, each client cycling through three kinds:
 *      - `deep`: unsigned, `object` a ~400 KB nest of `--depth` arrays;
 *      - `contexts`: unsigned, a Like whose `@context` lists `--contexts` URLs on the stand-in;
 *      - `forged`: a Like signed (draft-cavage) with a key that is not the one its keyId's
 *        document holds (the stand-in's actor), as a forger without the key would sign.
 *
 * Prints the health p50/p99 idle and under attack (budget: p99 under 100 ms while 16 clients
 * attack), the hostile requests by kind and answer, the server's CPU per hostile request (its
 * processes and PostgreSQL's, from /proc: the figure other sessions on the machine disturb least),
 * and how many context documents the server fetched; writes bench/results/hostile-inbox-<time>.json.
 * Options: --help.
 */
import '../../apps/server/src/composers/federation/node-shims.ts';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { exportSpki } from '@fedify/vocab-runtime';
import { headerRecord } from '../../apps/server/src/composers/federation/objects/html.ts';
import { testCertificate } from '../../apps/server/test/tls.ts';
import { treeCpuMeter } from '../lib/cpu.ts';
import { percentile } from '../lib/http.ts';
import { repoRoot } from '../lib/paths.ts';
import { descendants } from '../lib/process-tree.ts';
import { startServer } from '../lib/server.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3560' },
    'stand-in-port': { type: 'string', default: '3561' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    'idle-seconds': { type: 'string', default: '10' },
    depth: { type: 'string', default: '200000' },
    contexts: { type: 'string', default: '30' },
    'rate-limits': { type: 'string', default: 'on' },
    'cpu-prof': { type: 'string', default: '' },
    /** Internal: run as the attacking process (its figures as JSON on stdout). */
    attacker: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    `Usage: npx tsx bench/reliability/hostile-inbox.ts [--port 3560] [--stand-in-port 3561] [--clients 16]
  [--seconds 20] [--idle-seconds 10] [--depth 200000] [--contexts 30] [--rate-limits on|off]
  [--cpu-prof <dir>]   every server process writes a V8 CPU profile there when it stops\n`,
  );
  process.exit(0);
}

const clients = Number(args.clients);
const attackMs = Number(args.seconds) * 1000;
const idleMs = Number(args['idle-seconds']) * 1000;
const publicOrigin = 'https://glimpse.hostile.test';
const standInHost = '127.0.0.1';
const standIn = `https://${standInHost}:${args['stand-in-port']}`;
const actor = `${standIn}/users/eve`;
const log = (line: string) => process.stdout.write(`${line}\n`);
/** A hostile request that has not been answered by then counts as timed out (status 0). */
const requestTimeoutMs = 30_000;

type Kind = 'deep' | 'contexts' | 'forged';
const kinds: Kind[] = ['deep', 'contexts', 'forged'];

/** The stand-in: eve's actor document (one RSA key) and any context URL, every GET counted. */
async function startStandIn(workDir: string) {
  const tls = testCertificate([standInHost]);
  const caFile = path.join(workDir, 'stand-in-ca.pem');
  writeFileSync(caFile, tls.cert);
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const publicKeyPem = await exportSpki(keys.publicKey);
  const gets = { actor: 0, contexts: 0, other: 0 };
  const server = https.createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
    const pathname = new URL(request.url ?? '/', standIn).pathname;
    if (pathname === '/users/eve') {
      gets.actor++;
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(
        JSON.stringify({
          '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
          id: actor,
          type: 'Person',
          preferredUsername: 'eve',
          inbox: `${actor}/inbox`,
          publicKey: { id: `${actor}#main-key`, owner: actor, publicKeyPem },
        }),
      );
    } else if (pathname.startsWith('/contexts/')) {
      gets.contexts++;
      response.writeHead(200, { 'content-type': 'application/ld+json' });
      response.end(JSON.stringify({ '@context': { [`term${pathname.slice(10)}`]: 'as:name' } }));
    } else {
      gets.other++;
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(Number(args['stand-in-port']), standInHost, resolve));
  return { caFile, gets, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const likeOf = (context: unknown, object: unknown) => ({
  '@context': context,
  id: `${standIn}/likes/${randomUUID()}`,
  type: 'Like',
  actor,
  object,
});

/** The three bodies (and headers) the clients send, made once: the server does the work, not us. */
async function hostileRequests(): Promise<Record<Kind, { headers: Record<string, string>; body: string }>> {
  const depth = Number(args.depth);
  const unsigned = { 'content-type': 'application/activity+json' };
  const deep = JSON.stringify(likeOf('https://www.w3.org/ns/activitystreams', null)).replace(
    '"object":null',
    `"object":${'['.repeat(depth)}${']'.repeat(depth)}`,
  );
  const contextUrls = Array.from({ length: Number(args.contexts) }, (_, n) => `${standIn}/contexts/${n}`);
  const contexts = JSON.stringify(
    likeOf(['https://www.w3.org/ns/activitystreams', ...contextUrls], `${publicOrigin}/postdetail/x`),
  );
  // Signed with a key of our own: eve's document holds another, so the signature cannot verify.
  const forgerKeys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const forgedBody = JSON.stringify(
    likeOf('https://www.w3.org/ns/activitystreams', `${publicOrigin}/postdetail/x`),
  );
  const signed = await signRequest(
    new Request(`${publicOrigin}/ap/inbox`, { method: 'POST', headers: unsigned, body: forgedBody }),
    forgerKeys.privateKey,
    new URL(`${actor}#main-key`),
    { spec: 'draft-cavage-http-signatures-12' },
  );
  return {
    deep: { headers: unsigned, body: deep },
    contexts: { headers: unsigned, body: contexts },
    forged: { headers: headerRecord(signed.headers), body: forgedBody },
  };
}

/** One POST to the inbox on `agent`; its status, 0 when it failed or took longer than the timeout. */
function post(
  agent: http.Agent,
  port: string,
  { headers, body }: { headers: Record<string, string>; body: string },
): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: '/ap/inbox',
        method: 'POST',
        // The Host the signature names: the server behind its proxy sees PUBLIC_URL's host.
        headers: {
          ...headers,
          host: new URL(publicOrigin).host,
          'content-length': String(Buffer.byteLength(body)),
        },
        timeout: requestTimeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** Sequential GETs of /api/health, a new connection each, until `stop()`: their times in ms. */
async function healthTimes(port: string, stop: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: requestTimeoutMs },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(0));
    });
    if (status !== 200) throw new Error(`GET /api/health answered ${status}`);
    times.push(performance.now() - started);
    // A pause between reads, so the prober itself is a visitor, not a load of its own.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

const summary = (times: number[]) => ({
  p50Ms: percentile(times, 50),
  p99Ms: percentile(times, 99),
  maxMs: Math.max(...times),
  samples: times.length,
});

/** The attacking process: `clients` loops of hostile POSTs for the attack's length. */
async function attack(): Promise<Record<Kind, Record<number, number>>> {
  const requests = await hostileRequests();
  // Made: the parent starts timing now (signing the forged one makes an RSA key, seconds).
  process.stdout.write('ready\n');
  const statuses: Record<Kind, Record<number, number>> = { deep: {}, contexts: {}, forged: {} };
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const until = performance.now() + attackMs;
  const client = async (first: number) => {
    for (let n = first; performance.now() < until; n++) {
      const kind = kinds[n % kinds.length]!;
      const status = await post(agent, args.port, requests[kind]);
      statuses[kind][status] = (statuses[kind][status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  agent.destroy();
  return statuses;
}

/**
 * Runs this file again as the attacker, with the same options: `ready` resolves once its requests
 * are made and it starts sending, `done` with its statuses when it stops.
 */
function runAttacker() {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...process.argv.slice(1).filter((arg) => arg !== '--attacker'), '--attacker'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  let started!: () => void;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) started();
  });
  const done = new Promise<Record<Kind, Record<number, number>>>((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.slice('ready\n'.length)))
        : reject(new Error(`the attacker exited with ${code}`)),
    );
  });
  return { ready, done };
}

async function main() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'hostile-inbox-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  await chmod(work, 0o711);
  const stub = await startStandIn(work);
  const dataDir = path.join(work, 'data');
  await mkdir(dataDir, { recursive: true });
  log(
    `hostile inbox: ${clients} clients for ${attackMs / 1000} s (deep ${args.depth}, ${args.contexts} contexts, forged), rate limits ${args['rate-limits']}; data in ${work}`,
  );
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(
      {
        // Not production: FEDERATION_ALLOW_PRIVATE_ADDRESSES is ignored there, and the stand-in is on loopback.
        NODE_ENV: 'development',
        PORT: args.port,
        PUBLIC_URL: publicOrigin,
        FEDERATION: 'on',
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
        NODE_EXTRA_CA_CERTS: stub.caFile,
        BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
        RATE_LIMITS: args['rate-limits'],
        LOG_LEVEL: 'warn',
      },
      path.join(work, 'server.log'),
      args['cpu-prof']
        ? {
            nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`],
            healthTimeoutMs: 600_000,
          }
        : {},
    );
    log('  idle: /api/health alone');
    const idleUntil = performance.now() + idleMs;
    const idle = await healthTimes(args.port, () => performance.now() > idleUntil);

    log(`  attack: /api/health while ${clients} clients send hostile POSTs`);
    const serverPid = server.pid;
    const cpu = treeCpuMeter(async () => descendants(serverPid));
    const attacker = runAttacker();
    await attacker.ready;
    await cpu.start();
    const contextGetsBefore = stub.gets.contexts;
    let attacking = true;
    const done = attacker.done.finally(() => {
      attacking = false;
    });
    const [during, statuses] = await Promise.all([healthTimes(args.port, () => !attacking), done]);
    const serverCpu = await cpu.stop();
    const sent = Object.fromEntries(
      kinds.map((kind) => [kind, Object.values(statuses[kind]).reduce((a, b) => a + b, 0)]),
    ) as Record<Kind, number>;
    const totalSent = Object.values(sent).reduce((a, b) => a + b, 0);
    const result = {
      clients,
      seconds: attackMs / 1000,
      rateLimits: args['rate-limits'],
      health: { idle: summary(idle), attack: summary(during) },
      hostile: {
        sent,
        perSecond: totalSent / (attackMs / 1000),
        statuses,
        serverCpuMsPerRequest: (serverCpu.nodeMs + serverCpu.postgresMs) / totalSent,
        serverCpu,
      },
      standInGets: { ...stub.gets, contextsDuringAttack: stub.gets.contexts - contextGetsBefore },
    };
    const fmt = (ms: number) => ms.toFixed(1);
    log('');
    log(
      `  /api/health idle:   p50 ${fmt(result.health.idle.p50Ms)} ms, p99 ${fmt(result.health.idle.p99Ms)} ms (${idle.length} reads)`,
    );
    log(
      `  /api/health attack: p50 ${fmt(result.health.attack.p50Ms)} ms, p99 ${fmt(result.health.attack.p99Ms)} ms, max ${fmt(result.health.attack.maxMs)} ms (${during.length} reads; budget p99 < 100 ms)`,
    );
    for (const kind of kinds) log(`  ${kind}: ${sent[kind]} sent, answers ${JSON.stringify(statuses[kind])}`);
    log(
      `  server CPU: ${result.hostile.serverCpuMsPerRequest.toFixed(1)} ms per hostile request (node ${serverCpu.nodeMs.toFixed(0)} ms + PostgreSQL ${serverCpu.postgresMs.toFixed(0)} ms for ${totalSent})`,
    );
    log(
      `  context documents fetched from the stand-in: ${result.standInGets.contextsDuringAttack} for ${sent.contexts} bodies naming ${args.contexts} each; actor fetched ${stub.gets.actor} times`,
    );
    const resultsDir = path.join(repoRoot, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `hostile-inbox-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`  written to ${path.relative(repoRoot, file)}`);
  } finally {
    await server?.stop();
    await stub.close();
    await rm(work, { recursive: true, force: true });
  }
}

if (args.attacker) process.stdout.write(JSON.stringify(await attack()));
else await main();

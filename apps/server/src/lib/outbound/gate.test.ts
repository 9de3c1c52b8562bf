/**
 * The outbound gate against names answered by the test itself (an injected resolver), by the
 * system (/etc/hosts' localhost) and address literals, and, for the connection itself, a local
 * HTTPS server with a throwaway certificate for the names `pinned.test` and `localhost`.
 */
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCertificate } from '#test/tls.ts';
import { createOutboundGate, OutboundRefused, pinnedLookup, type Resolve } from './gate.ts';

/** A resolver that knows only the names given, as DNS would answer them. */
const answers =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return (error as OutboundRefused).reason;
};

describe('outbound gate: what it refuses before any connection', () => {
  const names: Record<string, string[]> = {
    'push.test': ['142.250.74.42', '2a00:1450:4001:82b::200a'],
    'loopback.test': ['127.0.0.1'],
    'loopback6.test': ['::1'],
    'private.test': ['10.0.0.5'],
    'private172.test': ['172.20.1.1'],
    'private192.test': ['192.168.1.10'],
    'ula.test': ['fd00::5'],
    'metadata.test': ['169.254.169.254'],
    'linklocal6.test': ['fe80::1'],
    'cgnat.test': ['100.64.1.1'],
    'multicast.test': ['224.0.0.251'],
    'multicast6.test': ['ff02::fb'],
    'unspecified.test': ['0.0.0.0'],
    'unspecified6.test': ['::'],
    'broadcast.test': ['255.255.255.255'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'nat64.test': ['64:ff9b::a9fe:a9fe'],
    '6to4.test': ['2002:0a00:0001::1'],
    'benchmark.test': ['198.18.0.1'],
    'documentation.test': ['192.0.2.1'],
    'reserved.test': ['240.0.0.1'],
    // One public answer beside a private one: a connection could land on either.
    'mixed.test': ['142.250.74.42', '10.0.0.5'],
    'mixed6.test': ['2a00:1450:4001:82b::200a', 'fd00::5'],
    'empty.test': [],
  };
  const gate = createOutboundGate({ allowPrivateAddresses: false, resolve: answers(names) });

  it('accepts an https URL on port 443 whose name resolves to public addresses only, pinned to the first', async () => {
    for (const url of ['https://push.test/send/abc', 'https://push.test:443/send/abc']) {
      const target = await gate.check(url);
      expect(target).toMatchObject({ host: 'push.test', address: '142.250.74.42', family: 4 });
    }
    expect((await gate.check('https://8.8.8.8/')).address).toBe('8.8.8.8');
    expect((await gate.check('https://[2001:4860:4860::8888]/')).family).toBe(6);
  });

  it('refuses anything but https, and any port but 443', async () => {
    for (const url of ['http://push.test/x', 'ftp://push.test/x', 'wss://push.test/x', 'not a url', '']) {
      expect(await refusal(gate.check(url)), url).toBe('not-https');
    }
    for (const url of ['https://push.test:8443/x', 'https://push.test:80/x', 'https://push.test:5432/x']) {
      expect(await refusal(gate.check(url)), url).toBe('port');
    }
  });

  it('refuses a name that resolves to an address of each non-public class', async () => {
    const expected: Record<string, string> = {
      'loopback.test': 'loopback',
      'loopback6.test': 'loopback',
      'private.test': 'private',
      'private172.test': 'private',
      'private192.test': 'private',
      'ula.test': 'private',
      'metadata.test': 'link-local',
      'linklocal6.test': 'link-local',
      'cgnat.test': 'carrier-grade-nat',
      'multicast.test': 'multicast',
      'multicast6.test': 'multicast',
      'unspecified.test': 'unspecified',
      'unspecified6.test': 'unspecified',
      'broadcast.test': 'broadcast',
      'mapped.test': 'loopback',
      'nat64.test': 'link-local',
      '6to4.test': 'private',
      'benchmark.test': 'benchmarking',
      'documentation.test': 'documentation',
      'reserved.test': 'reserved',
      'mixed.test': 'private',
      'mixed6.test': 'private',
    };
    for (const [host, reason] of Object.entries(expected)) {
      expect(await refusal(gate.check(`https://${host}/x`)), host).toBe(reason);
    }
  });

  it('refuses a name that does not resolve, or resolves to nothing', async () => {
    expect(await refusal(gate.check('https://nowhere.test/x'))).toBe('unresolvable');
    expect(await refusal(gate.check('https://empty.test/x'))).toBe('unresolvable');
  });

  it('refuses address literals in every spelling the URL parser accepts', async () => {
    const literal: Record<string, string> = {
      'https://127.0.0.1/x': 'loopback',
      'https://0x7f000001/x': 'loopback', // the URL parser reads hex and single-number IPv4
      'https://2130706433/x': 'loopback',
      'https://0177.0.0.1/x': 'loopback',
      'https://[::1]/x': 'loopback',
      'https://[::ffff:127.0.0.1]/x': 'loopback',
      'https://[::ffff:7f00:1]/x': 'loopback',
      'https://169.254.169.254/latest/meta-data/': 'link-local',
      'https://[fe80::1]/x': 'link-local',
      'https://10.0.0.1/x': 'private',
      'https://[fd00::1]/x': 'private',
      'https://100.100.100.200/x': 'carrier-grade-nat',
      'https://0.0.0.0/x': 'unspecified',
      'https://[::]/x': 'unspecified',
      'https://224.0.0.1/x': 'multicast',
      'https://[64:ff9b::7f00:1]/x': 'loopback',
      'https://[2002:7f00:1::1]/x': 'loopback',
    };
    for (const [url, reason] of Object.entries(literal)) {
      expect(await refusal(gate.check(url)), url).toBe(reason);
    }
  });

  it('refuses names the system resolves to loopback (/etc/hosts), with the real resolver', async () => {
    const real = createOutboundGate({ allowPrivateAddresses: false });
    expect(await refusal(real.check('https://localhost/x'))).toBe('loopback');
    // A trailing dot is the same name to DNS; where no resolver answers it, it is refused as unknown.
    expect(['loopback', 'unresolvable']).toContain(await refusal(real.check('https://localhost./x')));
  });

  it('with the escape hatch, reaches loopback and private addresses on any port, still never over plain http', async () => {
    const open = createOutboundGate({ allowPrivateAddresses: true, resolve: answers(names) });
    expect((await open.check('https://loopback.test:8443/x')).address).toBe('127.0.0.1');
    expect((await open.check('https://metadata.test/x')).address).toBe('169.254.169.254');
    expect((await open.check('https://mixed.test/x')).address).toBe('142.250.74.42');
    expect(await refusal(open.check('http://loopback.test/x'))).toBe('not-https');
    expect(await refusal(open.check('https://unspecified.test/x'))).toBe('unspecified');
    expect(await refusal(open.check('https://multicast6.test/x'))).toBe('multicast');
    expect(await refusal(open.check('https://broadcast.test/x'))).toBe('broadcast');
  });
});

describe('outbound gate: the connection', () => {
  const certificate = testCertificate(['pinned.test', 'elsewhere.test', 'localhost', '127.0.0.1']);
  let server: HttpsServer;
  let port: number;
  let listener: TcpServer;
  let listenerPort: number;
  let connections = 0;

  beforeAll(async () => {
    server = createHttpsServer(certificate, (req, res) => {
      const [route, query] = (req.url ?? '').split('?');
      if (route === '/ok')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${req.method}`);
      if (route === '/big') return res.writeHead(200).end('x'.repeat(2000));
      if (route === '/redirect') return res.writeHead(302, { location: query ?? '/ok' }).end();
      if (route === '/loop') return res.writeHead(307, { location: '/loop' }).end();
      // Headers, then nothing: a peer that holds the connection open.
      if (route === '/slow') return res.writeHead(200).write('a');
      // A length over the limit announced, then one byte, then nothing.
      if (route === '/declared-big') return res.writeHead(200, { 'content-length': '5000' }).write('a');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // A bare TCP listener: it sees a connection even when no TLS handshake would finish.
    listener = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerPort = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => listener.close(resolve));
  });

  it('connects to the address it checked, never to a second answer of the resolver (DNS rebinding)', async () => {
    let lookups = 0;
    // Public enough for the hatch at the check, then somewhere else: the server listens on 127.0.0.1 only.
    const rebinding: Resolve = async () => (lookups++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']);
    const gate = createOutboundGate({
      allowPrivateAddresses: true,
      resolve: rebinding,
      ca: certificate.cert,
    });
    const response = await gate.request(`https://pinned.test:${port}/ok`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('ok GET');
    expect(lookups).toBe(1);
    // Each request checks afresh: a second one resolves again and goes where that answer says.
    await expect(gate.request(`https://pinned.test:${port}/ok`)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(lookups).toBe(2);
  });

  it('keeps a connection for the next request to the same host and address, and only for that', async () => {
    let handshakes = 0;
    const count = () => handshakes++;
    server.on('secureConnection', count);
    try {
      let answer = ['127.0.0.1'];
      const gate = createOutboundGate({
        allowPrivateAddresses: true,
        resolve: async () => answer,
        ca: certificate.cert,
      });
      for (let i = 0; i < 3; i++)
        expect((await gate.request(`https://pinned.test:${port}/ok`)).status).toBe(200);
      expect(handshakes).toBe(1);
      // Another name on the same address is another connection (its own certificate check).
      expect((await gate.request(`https://elsewhere.test:${port}/ok`)).status).toBe(200);
      expect(handshakes).toBe(2);
      // The name now resolves elsewhere: the kept connection to the old address is not used.
      answer = ['127.0.0.2'];
      await expect(gate.request(`https://pinned.test:${port}/ok`)).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
    } finally {
      server.off('secureConnection', count);
    }
  });

  it('verifies the certificate against the name, not the pinned address', async () => {
    const gate = createOutboundGate({
      allowPrivateAddresses: true,
      resolve: answers({ 'pinned.test': ['127.0.0.1'], 'impostor.test': ['127.0.0.1'] }),
      ca: certificate.cert,
    });
    expect((await gate.request(`https://pinned.test:${port}/ok`)).status).toBe(200);
    await expect(gate.request(`https://impostor.test:${port}/ok`)).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    // And a certificate nobody vouches for is refused, as for any https client.
    const untrusting = createOutboundGate({ allowPrivateAddresses: true });
    await expect(untrusting.request(`https://127.0.0.1:${port}/ok`)).rejects.toMatchObject({
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
  });

  it('without the escape hatch, never opens a connection to loopback, by name or by address', async () => {
    const gate = createOutboundGate({
      allowPrivateAddresses: false,
      resolve: answers({ 'rebound.test': ['127.0.0.1'] }),
    });
    const real = createOutboundGate({ allowPrivateAddresses: false });
    for (const host of ['rebound.test', '127.0.0.1', '[::ffff:127.0.0.1]']) {
      expect(await refusal(gate.request(`https://${host}/x`)), host).toBe('loopback');
    }
    // On its own port, the refusal is the port; with the hatch it would have connected (below).
    expect(await refusal(real.request(`https://localhost:${listenerPort}/x`))).toBe('port');
    expect(connections).toBe(0);
    const open = createOutboundGate({ allowPrivateAddresses: true });
    await expect(open.request(`https://127.0.0.1:${listenerPort}/x`)).rejects.toThrow();
    expect(connections).toBe(1);
  });

  it('follows a redirect only when asked, for GET only, checking every hop, up to the limit', async () => {
    const gate = createOutboundGate({
      allowPrivateAddresses: true,
      resolve: answers({ 'pinned.test': ['127.0.0.1'] }),
      ca: certificate.cert,
    });
    const base = `https://pinned.test:${port}`;
    // By default a redirect is the answer.
    expect((await gate.request(`${base}/redirect`)).status).toBe(302);
    const followed = await gate.request(`${base}/redirect`, { maxRedirects: 3 });
    expect(followed).toMatchObject({ status: 200, url: `${base}/ok` });
    // A POST is never sent on to another address.
    expect((await gate.request(`${base}/redirect`, { method: 'POST', maxRedirects: 3 })).status).toBe(302);
    // Each hop passes the gate again: plain http, an unknown name.
    const hop = (to: string) => gate.request(`${base}/redirect?${to}`, { maxRedirects: 3 });
    expect(await refusal(hop(`http://pinned.test:${port}/ok`))).toBe('not-https');
    expect(await refusal(hop(`https://nowhere.test:${port}/ok`))).toBe('unresolvable');
    expect(await refusal(gate.request(`${base}/loop`, { maxRedirects: 3 }))).toBe('too-many-redirects');
  });

  it('gives up on a peer that does not finish its answer in time', async () => {
    const gate = createOutboundGate({ allowPrivateAddresses: true, ca: certificate.cert });
    const started = Date.now();
    await expect(gate.request(`https://127.0.0.1:${port}/slow`, { timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails an answer larger than the limit', async () => {
    const gate = createOutboundGate({ allowPrivateAddresses: true, ca: certificate.cert });
    await expect(gate.request(`https://127.0.0.1:${port}/big`, { maxResponseBytes: 1000 })).rejects.toThrow(
      /larger than 1000 bytes/,
    );
    expect((await gate.request(`https://127.0.0.1:${port}/big`)).body.length).toBe(2000);
  });

  it('fails at once an answer whose Content-Length is over the limit, without waiting for its body', async () => {
    const gate = createOutboundGate({ allowPrivateAddresses: true, ca: certificate.cert });
    const started = Date.now();
    await expect(
      gate.request(`https://127.0.0.1:${port}/declared-big`, { maxResponseBytes: 1000, timeoutMs: 10_000 }),
    ).rejects.toThrow(/larger than 1000 bytes/);
    // The peer never sends the rest: only the declared length can have refused it, well before the timeout.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a connection that fails at once as a failed request, not an uncaught exception', async () => {
    // A connect that fails in the same tick (here a multicast address, refused by the kernel; in
    // production a network with no route: ENETUNREACH) once threw outside the request, because the
    // pinned lookup answered synchronously. The gate never connects to multicast: the lookup is
    // driven directly, as the gate's requests use it.
    const { request } = await import('node:https');
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
        const req = request(
          { host: 'pinned.test', lookup: pinnedLookup({ address: '224.0.0.1', family: 4 }), timeout: 5000 },
          () => reject(new Error('a multicast address answered')),
        );
        req.on('error', resolve);
        req.end();
      });
      expect(failed.code).toMatch(/^E[A-Z]+$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

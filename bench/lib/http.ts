/** HTTP helpers for the benchmark: a signed-in visitor (cookie), plain requests, an SSE reader. */
import http from 'node:http';

/** The Origin the server trusts (its PUBLIC_URL); browsers send it with every write. */
export interface Visitor {
  base: string;
  origin: string;
  cookie: string;
  /** `Bearer <token>`: an app calling the client API (/api/v1) instead of a browser with a cookie. */
  authorization?: string;
}

export function headersOf(visitor: Visitor, extra: Record<string, string> = {}): Record<string, string> {
  return {
    origin: visitor.origin,
    ...(visitor.cookie ? { cookie: visitor.cookie } : {}),
    ...(visitor.authorization ? { authorization: visitor.authorization } : {}),
    ...extra,
  };
}

export async function signIn(
  base: string,
  origin: string,
  email: string,
  password: string,
): Promise<Visitor> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { base, origin, cookie };
}

export async function call<T>(
  visitor: Visitor,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${visitor.base}${pathname}`, {
    method,
    headers: headersOf(visitor, body === undefined ? {} : { 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Times `count` sequential GETs on one keep-alive connection (node:http, so the client adds little):
 * on loopback this is the server's own time plus a fraction of a millisecond. `stop`, checked
 * before each request, ends it sooner: for as long as something else runs (count = Infinity).
 * `connectionPerRequest`: a new connection each time instead, so node:cluster hands the requests
 * to every worker in turn, as many members' connections are; one connection stays on one worker,
 * which may or may not be the one running the jobs. Asks for gzip, as browsers and apps do, unless
 * `BENCH_ENCODING` names another Accept-Encoding (`identity`: what compression costs).
 */
export async function timeSequentialGets(
  visitor: Visitor,
  paths: readonly string[],
  count: number,
  stop: () => boolean = () => false,
  {
    connectionPerRequest = false,
    everyMs = 0,
  }: {
    connectionPerRequest?: boolean;
    /** Starts a request at most this often (a paced probe), not one as soon as the last ended. */
    everyMs?: number;
  } = {},
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: !connectionPerRequest, maxSockets: 1 });
  const url = new URL(visitor.base);
  const timings: number[] = [];
  try {
    for (let i = 0; i < count && !stop(); i++) {
      const pathname = paths[i % paths.length]!;
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path: pathname,
            headers: headersOf(visitor, { 'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip' }),
          },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`GET ${pathname}: ${response.statusCode}`));
            response.resume();
            response.on('end', () => resolve());
          },
        );
        request.on('error', reject);
      });
      const took = performance.now() - started;
      timings.push(took);
      if (everyMs > took) await new Promise((resolve) => setTimeout(resolve, everyMs - took));
    }
  } finally {
    agent.destroy();
  }
  return timings;
}

export interface LiveStream {
  /** Resolves with the arrival time (performance.now()) of the next `change` message that matches. */
  next(match: (message: { type: string; authorId?: string }) => boolean, timeoutMs: number): Promise<number>;
  close(): void;
}

/** Opens GET /api/live as `visitor`; resolves once the server's `ready` event arrived. */
export async function openLiveStream(visitor: Visitor): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${visitor.base}/api/live`, {
    headers: headersOf(visitor),
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`GET /api/live: ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const waiting: { match: (m: { type: string }) => boolean; resolve: (at: number) => void }[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes('event: ready')) ready();
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (!frame.includes('event: change') || !data) continue;
          const message = JSON.parse(data.slice(6)) as { type: string };
          const index = waiting.findIndex((w) => w.match(message));
          if (index !== -1) waiting.splice(index, 1)[0]!.resolve(at);
        }
      }
    } catch {
      // closed
    }
  })();
  await isReady;
  return {
    next(match, timeoutMs) {
      return new Promise((resolve) => {
        const entry = {
          match,
          resolve: (at: number) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(Number.POSITIVE_INFINITY);
        }, timeoutMs);
        waiting.push(entry);
      });
    },
    close: () => controller.abort(),
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

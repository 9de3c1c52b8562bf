import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type AppEnv, signedIn } from '../lib/http.ts';

const heartbeatMs = 25_000;

/** One Server-Sent Events stream per signed-in tab. EventSource reconnects by itself after a drop. */
export const liveRoutes = new Hono<AppEnv>().get('/live', signedIn, (c) => {
  const viewer = c.get('viewer');
  c.header('x-accel-buffering', 'no'); // proxies must pass events through at once
  return streamSSE(c, async (stream) => {
    const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
    const unsubscribe = c.get('deps').live.subscribe(viewer.id, (message) => {
      void stream.writeSSE({ event: 'change', data: JSON.stringify(message) });
    });
    const heartbeat = setInterval(() => void stream.writeSSE({ event: 'ping', data: '' }), heartbeatMs);
    await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
    await closed;
    clearInterval(heartbeat);
    unsubscribe();
  });
});

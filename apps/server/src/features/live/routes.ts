import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { type AppEnv, signedIn } from '../../core/http.ts';

const heartbeatMs = 25_000;

/**
 * One Server-Sent Events stream per signed-in tab. EventSource reconnects by itself after a drop.
 * The hub ends the stream when its session ends (live/hub.ts); the reconnect then gets 401.
 */
export const liveRoutes = new Hono<AppEnv>().get('/live', signedIn, (c) => {
  const member = c.get('member');
  const token = c.get('sessionToken');
  if (!token) throw new Error('a signed-in request without its session token');
  c.header('x-accel-buffering', 'no'); // proxies must pass events through at once
  return streamSSE(c, async (stream) => {
    let end!: () => void;
    const closed = new Promise<void>((resolve) => {
      end = resolve;
      stream.onAbort(resolve);
    });
    const unsubscribe = c.get('deps').live.subscribe(member.id, {
      token,
      send: (message) => void stream.writeSSE({ event: 'change', data: JSON.stringify(message) }),
      end,
    });
    const heartbeat = setInterval(() => void stream.writeSSE({ event: 'ping', data: '' }), heartbeatMs);
    await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 });
    await closed;
    clearInterval(heartbeat);
    unsubscribe();
  });
});

/**
 * HTTP upgrades (WebSocket) through the app: Node hands an upgrade request to the server's
 * `upgrade` event, not to the request handler, so this bridge turns it into an ordinary request to
 * the app (same middleware, same routes, same token checks) with the socket in its bindings. A
 * route that takes the socket (the client API's streaming, composers/mastodon-api/streaming.ts) marks
 * it taken; any other answer (a 401, a 404) is written to the socket as plain HTTP, which is then closed.
 */
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** What a route finds in `c.env.upgrade` for a request that asked to upgrade. */
export interface UpgradeRequest {
  incoming: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  /** Set by the route that took the socket: the bridge then leaves it alone. */
  taken: boolean;
}

export interface UpgradeBindings {
  incoming: IncomingMessage;
  upgrade: UpgradeRequest;
}

type Fetch = (request: Request, bindings: UpgradeBindings) => Response | Promise<Response>;

/** The server's `upgrade` listener: `server.on('upgrade', upgradeThrough(app.fetch))`. */
export function upgradeThrough(fetch: Fetch) {
  return (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
        headers.append(name, item);
    }
    const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? 'localhost'}`);
    const upgrade: UpgradeRequest = { incoming, socket, head, taken: false };
    Promise.resolve()
      .then(() =>
        fetch(new Request(url, { method: incoming.method ?? 'GET', headers }), { incoming, upgrade }),
      )
      .then(async (response) => {
        if (upgrade.taken) return;
        const streamed = response.headers.get('content-type')?.includes('event-stream');
        if (streamed) await response.body?.cancel();
        const body = streamed ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
        const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
        response.headers.forEach((value, name) => {
          if (!['content-length', 'connection', 'transfer-encoding'].includes(name))
            lines.push(`${name}: ${value}`);
        });
        lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
        socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), body]));
      })
      .catch(() => socket.destroy());
  };
}

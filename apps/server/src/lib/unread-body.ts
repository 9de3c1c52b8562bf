/**
 * An answer given before its request's body was read (a 413 from the Content-Length alone, an
 * inbox's 401 or 429, an upload's 429) says `Connection: close`, and Node closes the connection
 * once it is sent. Otherwise it said keep-alive while @hono/node-server drained the unread body
 * for half a second and then destroyed the socket: a proxy that reuses upstream connections
 * (nginx's `keepalive`) sent the next request on it, got a reset and answered that innocent
 * request 502. Closed at once, the proxy opens a new connection instead. Answers to requests whose
 * body was read, or that had none, keep their connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** @hono/node-server's bindings: absent under app.request() in tests, which has no socket. */
interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

const carriesBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export function closeAfterUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { incoming, outgoing } = (c.env ?? {}) as NodeBindings;
    if (!incoming || !outgoing || incoming.readableEnded || !carriesBody(incoming)) return;
    // Node merges a header set here into the one @hono/node-server writes with the answer.
    if (!outgoing.headersSent) outgoing.setHeader('connection', 'close');
  };
}

/** Structured JSON logs (pino). Pretty output only when a person is watching a terminal in development. */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    base: { service: 'glimpse' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  });
}

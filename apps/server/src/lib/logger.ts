/**
 * Structured JSON logs (pino). Pretty output only when a person is watching a terminal in development.
 *
 * Lines go to stdout asynchronously (pino's sonic-boom destination): a write never waits for the
 * terminal or pipe, lines written while one is in flight leave together, and pino flushes what is
 * left when the process exits (also through process.exit). A SIGKILL can lose the last lines.
 */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, pretty: boolean): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'glimpse' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
  // Tests run silent: no stream for them (each would hold stdout and an exit handler).
  if (level === 'silent') return pino(options);
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } });
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

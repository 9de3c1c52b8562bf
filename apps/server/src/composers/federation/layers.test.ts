/**
 * The federation folder's plan (docs/federation.md, "How it is put together"), read from the
 * sources: each layer a folder that says what it owns and stays small enough to read; the table
 * the only place that names the inbox's handlers, each through `receive`, so the sender is
 * resolved in one place; and the KV store, which every job-running process loads at start,
 * reaching no module that loads Fedify.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const layers = ['transport', 'mirror', 'inbox', 'outbox', 'objects', 'admin'];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const sourcesIn = (folder: string) =>
  readdirSync(path.join(root, folder)).filter((name) => name.endsWith('.ts'));

/** `import … from './x'`, `import './x'` and `import('./x')`, not `import type`. */
const runtimeImports = (source: string) =>
  [
    ...source.matchAll(
      /^\s*import\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);

describe('the federation folder', () => {
  it('is in layers, each a folder with a README saying what it owns, none over 16 files', () => {
    for (const layer of layers) {
      expect(existsSync(path.join(root, layer, 'README.md')), `${layer}/README.md`).toBe(true);
    }
    const folders = [
      '.',
      ...readdirSync(root, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name),
    ];
    for (const folder of folders) {
      expect(sourcesIn(folder).length, `${folder}/`).toBeLessThanOrEqual(16);
    }
  });

  it('keeps the table apart from the Federation that context.ts builds and the URLs it makes', () => {
    const table = read('federation.ts');
    expect(table).not.toMatch(/createFederation\(/);
    expect(table).not.toMatch(/export const federationContext/);
    expect(read('context.ts')).toMatch(/createFederation<CoreDeps>\(/);
  });

  it('hands every incoming activity type to its handler through receive, once', () => {
    const listeners = [...read('federation.ts').matchAll(/\.on\(\s*(\w+),\s*([^\n]*)/g)];
    expect(listeners.length).toBeGreaterThanOrEqual(15);
    for (const [, type, listener] of listeners) {
      expect(listener, type).toMatch(/^receive\(/);
    }
  });

  it('resolves an activity’s sender in inbox/receive.ts alone: no handler fetches its actor', () => {
    for (const file of sourcesIn('inbox').filter((name) => name !== 'receive.ts')) {
      expect(read(`inbox/${file}`), file).not.toMatch(/\.getActor\(/);
    }
  });

  it('loads no Fedify from transport/kv.ts, which the job runner imports at start', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const target of runtimeImports(readFileSync(file, 'utf8'))) {
        expect(target, `${path.relative(root, file)} imports ${target}`).not.toMatch(/^@fedify\//);
        if (target.startsWith('.')) visit(path.resolve(path.dirname(file), target));
      }
    };
    visit(path.join(root, 'transport/kv.ts'));
    expect(seen.size).toBeGreaterThan(1);
  });
});

/**
 * The catalogs as the build cuts them (vite-split-catalogs.ts), from a real production build into
 * a throwaway folder: for every language, the first screens' part and the rest are the whole
 * catalog with nothing twice, every language cuts at the same ids, and every message the first
 * screens' code asks for is in the part that loads with it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { languageCodes } from '@glimpse/shared';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreens } from '../first-screens.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
let outDir = '';
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
let manifest: Manifest;
const parts = new Map<string, { first: Record<string, unknown>; rest: Record<string, unknown> }>();

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'glimpse-web-build-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  for (const code of languageCodes) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`locales/${code}/messages.po`))!;
    const chunk = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(outDir, manifest[key]!.file)).href
    )) as {
      messages: Record<string, unknown>;
      rest: string;
    };
    expect(chunk.rest).toMatch(new RegExp(`^/assets/messages-rest-${code}-[\\w-]+\\.json$`));
    const rest = JSON.parse(await readFile(path.join(outDir, chunk.rest), 'utf8')) as Record<string, unknown>;
    parts.set(code, { first: chunk.messages, rest });
  }
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('catalogs cut for the first screens', () => {
  it('splits each language into two parts that make the whole catalog, nothing twice', () => {
    const english = parts.get('en')!;
    const all = [...Object.keys(english.first), ...Object.keys(english.rest)].sort();
    expect(new Set(all).size).toBe(all.length);
    for (const [code, { first, rest }] of parts) {
      expect(
        Object.keys(first).filter((id) => id in rest),
        code,
      ).toEqual([]);
      expect([...Object.keys(first), ...Object.keys(rest)].sort(), code).toEqual(all);
      expect(Object.keys(first).sort(), code).toEqual(Object.keys(english.first).sort());
    }
    // The cut is worth having: most messages wait for the other screens.
    expect(Object.keys(english.first).length).toBeLessThan(all.length / 2);
  });

  it('puts every message the first screens’ code uses in the part that loads with it', async () => {
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of [entry, ...Object.values(firstScreens).flat()]) visit(key);
    const { first, rest } = parts.get('ar')!;
    const used = new Set<string>();
    for (const key of seen) {
      const code = await readFile(path.join(outDir, manifest[key]!.file), 'utf8');
      for (const match of code.matchAll(/\bid:\s*(["'`])([^"'`]+)\1/g)) used.add(match[2]!);
    }
    const messagesUsed = [...used].filter((id) => id in first || id in rest);
    expect(messagesUsed.length).toBeGreaterThan(50);
    expect(messagesUsed.filter((id) => !(id in first))).toEqual([]);
  });
});

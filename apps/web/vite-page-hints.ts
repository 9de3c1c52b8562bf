/**
 * Writes `.vite/page-hints.json`: for each kind of signed-in page (first-screens.ts), the script
 * and style files its first render loads after the entry, which the server lists as preload links
 * in the page it sends a visitor with a session cookie (apps/server/src/lib/page-hints.ts). The
 * browser then asks for them with the page, instead of once the entry, then the app chunk, have
 * run: two round trips fewer before the first screen (docs/performance.md, "Start-up").
 * Files the built index.html already names (the entry and its static imports) are left out. Beside
 * them, each language's catalog chunk (`catalogs`), of which the server names the page's language's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { signedInPages } from './first-screens.ts';

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/** The manifest keys of `keys` and every chunk they import statically, each once. */
function withStaticImports(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`page hints: ${key} is not in the build's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

export function pageHintsOf(manifest: Manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inPage = withStaticImports(manifest, entries);
  const filesOf = (modules: readonly string[]) => {
    const keys = [...withStaticImports(manifest, modules)].filter((key) => !inPage.has(key));
    return {
      scripts: keys.map((key) => `/${manifest[key]!.file}`),
      styles: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`),
    };
  };
  // Each language's catalog (its first part, lib/i18n.ts): the server names the page's language's.
  const catalogs = Object.fromEntries(
    Object.entries(manifest).flatMap(([key, chunk]) => {
      const code = /locales\/(\w+)\/messages\.po$/.exec(key)?.[1];
      return code ? [[code, `/${chunk.file}`]] : [];
    }),
  );
  return {
    ...Object.fromEntries(Object.entries(signedInPages).map(([page, modules]) => [page, filesOf(modules)])),
    catalogs,
  };
}

export function pageHints(): Plugin {
  let outDir = '';
  return {
    name: 'glimpse-page-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(
        await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      await writeFile(
        path.join(outDir, '.vite/page-hints.json'),
        `${JSON.stringify(pageHintsOf(manifest), null, 2)}\n`,
      );
    },
  };
}

/**
 * "Initial JavaScript for the first screen, gzipped": from the build's manifest, the entry chunk
 * and everything it imports statically, plus the lazily loaded route chunk of the screen (and its
 * static imports), each gzipped as the server sends it. The first screen is /login signed out and
 * the home feed (/) signed in (apps/web/first-screens.ts). The largest language catalog's chunk is
 * added to both: it loads before the first render. It holds the first screens' messages only; the
 * rest of the catalog (`messages-rest-*.json`) loads with the other screens (apps/web/vite-split-catalogs.ts).
 *
 *   npx tsx bench/measure/client-js.ts      # after npm run build
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstScreens } from '../../apps/web/first-screens.ts';
import { repoRoot } from '../lib/paths.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ScreenWeight {
  screen: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

export async function measureClientJs(
  distDir = path.join(repoRoot, 'apps/web/dist'),
): Promise<ScreenWeight[]> {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('No entry in the build manifest');
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = async (file: string) => {
    const known = sizes.get(file);
    if (known) return known;
    const bytes = await readFile(path.join(distDir, file));
    const size = { raw: bytes.byteLength, gzip: gzipSync(bytes).byteLength };
    sizes.set(file, size);
    return size;
  };
  const results: ScreenWeight[] = [];
  for (const [screen, routeChunks] of Object.entries(firstScreens)) {
    const keys = closure(manifest, [entry, ...routeChunks.filter((key) => manifest[key])]);
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const size = await sizeOf(file);
      rawBytes += size.raw;
      gzipBytes += size.gzip;
    }
    // The screen draws nothing before its language's catalog arrives (apps/web/src/lib/i18n.ts):
    // count the largest one, so the figure holds for every language.
    const catalogs = Object.keys(manifest).filter((key) => /locales\/\w+\/messages\.po$/.test(key));
    let largest: { file: string; raw: number; gzip: number } | undefined;
    for (const key of catalogs) {
      const size = await sizeOf(manifest[key]!.file);
      if (!largest || size.gzip > largest.gzip) largest = { file: manifest[key]!.file, ...size };
    }
    if (largest) {
      files.push(`${largest.file} (the largest catalog)`);
      rawBytes += largest.raw;
      gzipBytes += largest.gzip;
    }
    results.push({ screen, files, rawBytes, gzipBytes });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const s of await measureClientJs()) {
    console.log(
      `${s.screen}: ${(s.gzipBytes / 1000).toFixed(1)} kB gzipped (${(s.rawBytes / 1000).toFixed(1)} kB)`,
    );
    for (const file of s.files) console.log(`  ${file}`);
  }
}

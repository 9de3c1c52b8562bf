/**
 * The contract of components/responsive-image.tsx: a frame sizes and clips itself and styles the
 * component's box, never the `<img>` inside it. A stylesheet that selects `img` or `picture` by
 * element reaches into that component, and breaks whenever its inside changes (a `<picture>`
 * wrapper once left `.frame > img`-style rules matching nothing and photos drawn beside their
 * frames). The base rules of styles/global.css are the one place that may.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;
const base = path.join(src, 'styles/global.css');

async function stylesheets(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return stylesheets(full);
      return Promise.resolve(entry.name.endsWith('.css') ? [full] : []);
    }),
  );
  return nested.flat();
}

/** Each rule's selector text (what stands before a `{` that opens declarations, at-rules skipped). */
function selectors(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/([^{};]+)\{/g)]
    .map((match) => match[1]!.trim())
    .filter((selector) => !selector.startsWith('@'));
}

const elementSelector = /(^|[\s>+~,(])(img|picture)(?![\w-])/;

describe('photo frames', () => {
  it('no stylesheet but the base rules selects an img or picture element', async () => {
    const found: string[] = [];
    for (const file of await stylesheets(src)) {
      if (file === base) continue;
      for (const selector of selectors(await readFile(file, 'utf8'))) {
        if (elementSelector.test(selector)) found.push(`${path.relative(src, file)}: ${selector}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('finds such a selector where one is written', () => {
    const css = '.frame > img { width: 100%; }\n/* img in a comment */\n.banner picture, .x { height: 1px }';
    expect(selectors(css).filter((s) => elementSelector.test(s))).toEqual([
      '.frame > img',
      '.banner picture, .x',
    ]);
    expect(selectors('.imgBox { color: red }').filter((s) => elementSelector.test(s))).toEqual([]);
  });
});

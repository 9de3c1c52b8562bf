/**
 * The migration journal as Drizzle's migrator reads it: it applies a migration only when its `when`
 * is later than the last one applied, so a migration merged with an earlier `when` than its
 * predecessor would be skipped on every existing database. File names follow the journal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('lists every migration once, in order, each later than the one before', () => {
    const { entries } = journal;
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, i) => i));
    for (const [i, entry] of entries.entries()) {
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(entries[i - 1]!.when);
    }
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''));
    expect(files.sort()).toEqual(entries.map((entry) => entry.tag).sort());
    expect(new Set(files.map((name) => name.slice(0, 4))).size).toBe(files.length);
  });
});

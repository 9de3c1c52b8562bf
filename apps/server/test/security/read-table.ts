/**
 * Every API read route with the requests the audience matrix makes of it: gathered from
 * `security/reads/<feature>.ts` as route-table.ts gathers the state-changing routes, so a new read
 * route means one new entry there (audience-matrix.test.ts fails without it).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadEntry } from './read-entry.ts';

const fixturesDir = fileURLToPath(new URL('./reads/', import.meta.url));
const fixtureFiles = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.ts'))
  .sort();

async function gather(): Promise<Record<string, ReadEntry>> {
  const table: Record<string, ReadEntry> = {};
  for (const file of fixtureFiles) {
    const module: Record<string, Record<string, ReadEntry>> = await import(path.join(fixturesDir, file));
    for (const entries of Object.values(module)) {
      for (const [key, entry] of Object.entries(entries)) {
        if (key in table) throw new Error(`${key} has two entries (the second in security/reads/${file})`);
        table[key] = entry;
      }
    }
  }
  return table;
}

export const readTable = await gather();

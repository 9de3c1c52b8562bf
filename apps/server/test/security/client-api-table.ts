/**
 * Every client API route (/api/v1, /api/v2), reads included, with the scope it needs and who may do
 * what: each resource keeps its entries in `security/client-api/<resource>.ts`; this module gathers
 * them, and client-api-matrix.test.ts fails for a route without an entry.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientApiEntry } from './client-api-entry.ts';

const entriesDir = fileURLToPath(new URL('./client-api/', import.meta.url));
const entryFiles = readdirSync(entriesDir)
  .filter((file) => file.endsWith('.ts'))
  .sort();

async function gather(): Promise<Record<string, ClientApiEntry>> {
  const table: Record<string, ClientApiEntry> = {};
  for (const file of entryFiles) {
    const module: Record<string, Record<string, ClientApiEntry>> = await import(path.join(entriesDir, file));
    for (const entries of Object.values(module)) {
      for (const [key, entry] of Object.entries(entries)) {
        if (key in table)
          throw new Error(`${key} has two entries (the second in security/client-api/${file})`);
        table[key] = entry;
      }
    }
  }
  return table;
}

export const clientApiTable = await gather();

/**
 * Every state-changing API route, with who may do what written down. Each feature keeps its
 * entries in `security/routes/<feature>.ts` (test code stays out of the production folders); this
 * module gathers every such file, so adding a route means adding its one entry there (and a new
 * feature only a new file). The authorization matrix, the bad-input properties, the injection and
 * the abuse-limit tests all read the gathered table, and the matrix fails for a route without an
 * entry.
 *
 * "Owner" is the member whose thing is at stake (their post, their like, their follow, their
 * profile, their notifications); "other" is another signed-in member trying to act on it;
 * "signedOut" has no session. Every attempt also carries forged identity fields naming the owner
 * (`userId`, `authorId`, `followerId`…), which must change nothing: the actor is always the caller.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteEntry } from './route-entry.ts';

export { type Actor, type Attempt, actors, type RouteEntry, send } from './route-entry.ts';

const fixturesDir = fileURLToPath(new URL('./routes/', import.meta.url));
const fixtureFiles = readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.ts'))
  .sort();

async function gather(): Promise<Record<string, RouteEntry>> {
  const table: Record<string, RouteEntry> = {};
  for (const file of fixtureFiles) {
    const module: Record<string, Record<string, RouteEntry>> = await import(path.join(fixturesDir, file));
    for (const entries of Object.values(module)) {
      for (const [key, entry] of Object.entries(entries)) {
        if (key in table) throw new Error(`${key} has two entries (the second in security/routes/${file})`);
        table[key] = entry;
      }
    }
  }
  return table;
}

export const routeTable = await gather();

/**
 * Node 20 has no `navigator` global (Node 21 added it). Fedify's request signing reads
 * `navigator?.userAgent` as a bare identifier, which on Node 20 is a ReferenceError, not undefined
 * (DESIGN.md §8). Imported first by context.ts and transport/deliver.ts (and the loaders), before anything signs; the only
 * place the shim lives. Harmless where Node already has one (`??=`).
 */
import { appVersion } from '@glimpse/shared';

const global = globalThis as { navigator?: { userAgent: string } };
global.navigator ??= { userAgent: `Glimpse/${appVersion} (Node.js/${process.versions.node})` };

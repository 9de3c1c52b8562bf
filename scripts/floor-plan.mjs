#!/usr/bin/env node
/**
 * The floor plan of docs/architecture.md in one place: the server's layers, its composer features,
 * and the Biome import rules that enforce both apps' plans. `scripts/import-graph.mjs` measures the
 * server against the layers; `node scripts/floor-plan.mjs` writes the rules into biome.json (run it
 * after adding a feature folder: the boundary tests fail until every feature has its rules).
 *
 * Biome's `noRestrictedImports` matches the import string, not the file it resolves to, so a rule
 * is written per depth: from `features/posts/service.ts` a sibling feature is `../events/…` and the
 * core is `../../core/…`; one folder deeper they are `../../events/…` and `../../../core/…`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(repoRoot, 'apps/server/src');
const webFeatures = path.join(repoRoot, 'apps/web/src/features');

/** Lowest first: a unit imports only its own layer's units or lower ones (no cycles within a layer). */
export const serverLayers = [
  { name: 'lib', units: ['lib'], holds: 'pure helpers: errors, text, logger, cursors, the outbound gate' },
  { name: 'db', units: ['env', 'db'], holds: 'settings, schema, client, migrations' },
  { name: 'infra', units: ['storage', 'live', 'mail', 'jobs'], holds: 'storage, live hub, mail, job queue' },
  {
    name: 'core',
    units: ['core'],
    holds: 'what several features read: http, service, visibility, counters…',
  },
  { name: 'auth', units: ['auth', 'oauth'], holds: 'better-auth, the session check, and OAuth for apps' },
  { name: 'features', units: ['features/*'], holds: 'one folder per feature' },
  { name: 'composers', units: ['composers/*'], holds: 'features that compose other features' },
  {
    name: 'app',
    units: ['app', 'api', 'deps', 'server', 'main', 'runtime'],
    holds: 'the app and its processes',
  },
];

/**
 * The test driver and the security suites live in apps/server/test/, out of the production tree;
 * tests import them as `#test/…` (apps/server/package.json), which no production file may.
 */
const testDriver = '#test/**';

/** The layer index of a unit as import-graph.mjs names them (`features/posts`, `composers/feed`, `core`…). */
export function layerOf(unit) {
  if (unit.startsWith('features/')) return serverLayers.findIndex((layer) => layer.name === 'features');
  if (unit.startsWith('composers/')) return serverLayers.findIndex((layer) => layer.name === 'composers');
  return serverLayers.findIndex((layer) => layer.units.includes(unit));
}

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

export const serverFeatures = () => folders(path.join(serverSrc, 'features'));
/** Features that compose other features, as the web's app/ route files do: apps/server/src/composers/. */
export const serverComposers = () => folders(path.join(serverSrc, 'composers'));
export const webFeatureNames = () => folders(webFeatures);

const appFiles = ['app.ts', 'api.ts', 'deps.ts', 'server.ts', 'main.ts'];
const appFolders = ['app', 'runtime'];
/** What `prefix` (`../../` from a composer's top) reaches above the composers: the app and auth. */
const aboveComposers = (prefix) => [
  ...appFiles.map((file) => `${prefix}${file}`),
  ...appFolders.map((folder) => `${prefix}${folder}/**`),
  `${prefix}auth/**`,
  testDriver,
];
const nonTest = (globs) => [...globs, '!**/*.test.ts'];

function restricted(includes, group, message) {
  return {
    includes,
    linter: {
      rules: {
        style: {
          noRestrictedImports: { level: 'error', options: { patterns: [{ group, message }] } },
        },
      },
    },
  };
}

function serverFeatureRules(feature) {
  const message = `features/${feature} may import core/, lib/, db/, env, storage/, live/, mail/, jobs/, @glimpse/shared and its own files only (never the test driver): compose features in apps/server/src/composers/ (docs/architecture.md).`;
  const base = `apps/server/src/features/${feature}`;
  const above = (prefix) => [...aboveComposers(prefix), `${prefix}composers/**`];
  return [
    restricted(nonTest([`${base}/*.ts`]), ['../*/**', '!../../**', ...above('../../')], message),
    restricted(nonTest([`${base}/*/*.ts`]), ['../../*/**', '!../../../**', ...above('../../../')], message),
  ];
}

function serverComposerRules(composer) {
  const message = `composers/${composer} composes features: it may import them, other composers, core/, the layers below and @glimpse/shared, never auth/, the app or the test driver (docs/architecture.md).`;
  const base = `apps/server/src/composers/${composer}`;
  // The account composer checks passwords and two-factor codes through better-auth.
  const above = (prefix) =>
    composer === 'account'
      ? aboveComposers(prefix).filter((glob) => !glob.includes('auth/'))
      : aboveComposers(prefix);
  return [
    restricted(nonTest([`${base}/*.ts`]), above('../../'), message),
    restricted(nonTest([`${base}/*/*.ts`]), above('../../../'), message),
  ];
}

/** The layers below the features, each refused what sits above it. */
function serverLayerRules() {
  const upTo = (layerName) => {
    const index = serverLayers.findIndex((layer) => layer.name === layerName);
    return serverLayers
      .slice(index + 1)
      .flatMap((layer) => layer.units)
      .map((unit) => unit.replace(/\/\*$/, ''));
  };
  const globsFor = (prefix, units) =>
    units.flatMap((unit) => {
      // `app` is a file and a folder of its pieces (app.ts and app/).
      if (unit === 'app') return [`${prefix}app.ts`, `${prefix}app/**`];
      return appFiles.includes(`${unit}.ts`) || unit === 'env'
        ? [`${prefix}${unit}.ts`]
        : [`${prefix}${unit}/**`];
    });
  const rule = (folder, layerName, extraForDepth1 = []) => {
    const above = upTo(layerName);
    const message = `${folder}/ is on the ${layerName} floor: it may not import ${above.join(', ')} or the test driver (docs/architecture.md).`;
    return [
      restricted(
        nonTest([`apps/server/src/${folder}/*.ts`]),
        [...extraForDepth1, ...globsFor('../', above), testDriver],
        message,
      ),
      restricted(
        nonTest([`apps/server/src/${folder}/*/*.ts`]),
        [...globsFor('../../', above), testDriver],
        message,
      ),
    ];
  };
  return [
    // lib/ is the ground floor: nothing of the server's own above it, whatever its name.
    ...rule('lib', 'lib', ['../**']),
    ...rule('db', 'db'),
    ...['storage', 'live', 'mail', 'jobs'].flatMap((folder) => rule(folder, 'infra')),
    ...rule('core', 'core'),
    ...rule('auth', 'auth'),
    ...rule('oauth', 'auth'),
  ];
}

function webFeatureRules(feature) {
  const message = `features/${feature} may import components/, lib/, @glimpse/shared and its own files only: compose features in an app/ route file (docs/architecture.md).`;
  const group = ['@/features/**', `!@/features/${feature}/**`, '@/app/**', '../../**'];
  const base = `apps/web/src/features/${feature}`;
  return [
    restricted([`${base}/**`], group, message),
    // From the top of the feature's folder, `../x` is already another feature (or features/ itself).
    restricted([`${base}/*.ts`, `${base}/*.tsx`], [...group, '../**'], message),
  ];
}

/** Every override the floor plan owns, in biome.json's order. */
export function floorPlanOverrides() {
  return [
    ...webFeatureNames().flatMap(webFeatureRules),
    ...serverLayerRules(),
    ...serverFeatures().flatMap(serverFeatureRules),
    ...serverComposers().flatMap(serverComposerRules),
  ];
}

const ownedBy = (override) =>
  override.includes.some(
    (glob) => glob.startsWith('apps/web/src/features/') || glob.startsWith('apps/server/src/'),
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.join(repoRoot, 'biome.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.overrides = [...floorPlanOverrides(), ...config.overrides.filter((override) => !ownedBy(override))];
  config.linter.rules.suspicious = {
    ...config.linter.rules.suspicious,
    noImportCycles: { level: 'error', options: { ignoreTypes: false } },
  };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`biome.json: ${config.overrides.length} overrides`);
}

/**
 * The server's floor plan (docs/architecture.md), enforced twice: Biome's import rules refuse a
 * forbidden import as it is written (run here, with the repository's biome.json, on fixture files
 * laid out as server files), and the import graph of the real sources has no cycle, no import from
 * a lower floor up to a higher one and no feature → feature import (composers/ compose them). The
 * server twin of apps/web/src/feature-boundaries.test.ts.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript shared with the command-line tools, without type declarations.
import { floorPlanOverrides, serverComposers, serverFeatures } from '../../../scripts/floor-plan.mjs';
// @ts-expect-error: as above.
import { analyseImports } from '../../../scripts/import-graph.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverSrc = path.join(repoRoot, 'apps/server/src');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');

let sandbox: string;

/** Lints `source` as if it were apps/server/src/<file>; resolves with whether Biome refused it, and why. */
async function lintAs(file: string, source: string) {
  const target = path.join(sandbox, 'apps/server/src', file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, source);
  try {
    await promisify(execFile)(biome, ['lint', '--max-diagnostics=50', path.relative(sandbox, target)], {
      cwd: sandbox,
    });
    return { refused: false, output: '' };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { refused: (stdout + stderr).includes('noRestrictedImports'), output: stdout + stderr };
  }
}

const importing = (specifier: string) => `import { x } from '${specifier}';\n\nexport const y = x;\n`;

beforeAll(async () => {
  // biome.json in an empty folder: the overrides' paths match the fixtures', and nothing else is linted.
  sandbox = await mkdtemp(path.join(tmpdir(), 'glimpse-floor-plan-'));
  const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  delete config.vcs;
  await writeFile(path.join(sandbox, 'biome.json'), JSON.stringify(config));
  await copyFile(path.join(repoRoot, 'package.json'), path.join(sandbox, 'package.json'));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

describe('the import rules', () => {
  it('refuse a feature importing another feature, from its top folder and from a subfolder', async () => {
    for (const [file, specifier] of [
      ['features/posts/service.ts', '../events/service.ts'],
      ['features/posts/inbox/like.ts', '../../events/service.ts'],
      ['features/profile/routes.ts', '../safety/blocks.ts'],
      ['features/posts/service.ts', '../../composers/feed/service.ts'],
      ['features/posts/inbox/like.ts', '../../../composers/federation/context.ts'],
    ] as const) {
      const result = await lintAs(file, importing(specifier));
      expect(result.refused, `${file} → ${specifier}`).toBe(true);
      expect(result.output).toContain('compose features in apps/server/src/composers/');
    }
  });

  it('refuse a feature importing auth/ or the app (deps, api, runtime, the test driver)', async () => {
    for (const [file, specifier] of [
      ['features/posts/service.ts', '../../auth/auth.ts'],
      ['features/posts/service.ts', '../../deps.ts'],
      ['features/posts/routes.ts', '../../api.ts'],
      ['features/posts/inbox/like.ts', '../../../runtime/tasks.ts'],
      ['composers/feed/service.ts', '../../server.ts'],
      ['composers/moderation/service.ts', '#test/context.ts'],
      ['composers/feed/service.ts', '../../auth/auth.ts'],
      ['features/posts/inbox/like.ts', '#test/images.ts'],
    ] as const) {
      expect((await lintAs(file, importing(specifier))).refused, `${file} → ${specifier}`).toBe(true);
    }
  });

  it('refuse every floor below the features importing one above it, or the test driver', async () => {
    for (const [file, specifier] of [
      ['lib/text.ts', '../core/http.ts'],
      ['lib/text.ts', '../db/client.ts'],
      ['lib/outbound/gate.ts', '../../env.ts'],
      ['db/client.ts', '../core/service.ts'],
      ['jobs/task.ts', '../core/service.ts'],
      ['mail/mailer.ts', '../features/posts/service.ts'],
      ['core/visibility.ts', '../features/safety/blocks.ts'],
      ['core/http.ts', '../deps.ts'],
      ['core/roles.ts', '../auth/auth.ts'],
      ['auth/auth.ts', '../composers/moderation/roles.ts'],
      ['core/roles.ts', '../composers/moderation/roles.ts'],
      ['core/visibility.ts', '#test/security/scene.ts'],
      ['lib/outbound/gate.ts', '#test/tls.ts'],
    ] as const) {
      expect((await lintAs(file, importing(specifier))).refused, `${file} → ${specifier}`).toBe(true);
    }
  });

  it('let a feature import its own files and the floors below, and a composer import features', async () => {
    for (const [file, specifier] of [
      ['features/posts/service.ts', './queries.ts'],
      ['features/posts/service.ts', '../../core/visibility.ts'],
      ['features/posts/service.ts', '../../lib/errors.ts'],
      ['features/posts/service.ts', '../../db/schema.ts'],
      ['features/posts/service.ts', '../../jobs/task.ts'],
      ['features/posts/inbox/like.ts', '../queries.ts'],
      ['features/posts/inbox/like.ts', '../../../core/notify.ts'],
      ['composers/moderation/moderation.ts', '../../features/posts/service.ts'],
      ['composers/moderation/moderation.ts', '../social/routes.ts'],
      ['composers/federation/inbox/like.ts', '../../../features/posts/service.ts'],
      ['composers/account/routes.ts', '../../auth/env.ts'],
      ['core/visibility.ts', '../db/schema.ts'],
      ['lib/outbound/gate.ts', '../errors.ts'],
      ['auth/auth.ts', '../core/roles.ts'],
    ] as const) {
      const result = await lintAs(file, importing(specifier));
      expect(result.refused, `${file} → ${specifier}: ${result.output}`).toBe(false);
    }
  });

  it('are the ones scripts/floor-plan.mjs writes, for every feature folder there is', async () => {
    const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8')) as {
      overrides: unknown[];
    };
    const expected = floorPlanOverrides() as unknown[];
    expect(config.overrides.slice(0, expected.length)).toEqual(expected);
    const features = (await readdir(path.join(serverSrc, 'features'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(serverFeatures()).toEqual(features.sort());
    const bounded = JSON.stringify(config.overrides);
    for (const feature of features) {
      expect(bounded).toContain(`apps/server/src/features/${feature}/*.ts`);
      expect(bounded).toContain(`apps/server/src/features/${feature}/*/*.ts`);
    }
    for (const composer of serverComposers()) {
      expect(bounded).toContain(`apps/server/src/composers/${composer}/*.ts`);
      expect(bounded).toContain(`apps/server/src/composers/${composer}/*/*.ts`);
    }
  });
});

describe('the import graph of the server', () => {
  const graph = analyseImports() as {
    files: string[];
    imports: Map<string, string[]>;
    fileCycles: string[][];
    upward: [string, string][];
    crossFeature: [string, string][];
    unknownUnits: string[];
  };

  it('has no import cycle', () => {
    expect(graph.fileCycles).toEqual([]);
  });

  it('has no import from a lower floor up to a higher one', () => {
    expect(graph.upward).toEqual([]);
    expect(graph.unknownUnits, 'folders on no floor of scripts/floor-plan.mjs').toEqual([]);
  });

  it('has no feature → feature import: features are composed in composers/ only', () => {
    expect(graph.crossFeature).toEqual([]);
  });

  it('holds production code only: every file runs in a process, or is a fixture beside its tests', () => {
    // The processes: the server, the one-time children the primary spawns (runtime/primary.ts
    // `runChild`) and the command `npm run accounts:confirm`.
    const entries = [
      'main.ts',
      'runtime/migrate-child.ts',
      'runtime/upgrade-child.ts',
      'runtime/confirm-accounts.ts',
    ];
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of graph.imports.get(file) ?? []) visit(target);
    };
    for (const entry of entries) visit(path.normalize(entry));
    // Test tables, drivers and helpers live in apps/server/test/; data a test reads, beside it in fixtures/.
    const testOnly = graph.files
      .map((file) => path.relative(serverSrc, file))
      .filter((file) => !reached.has(file) && !file.split(path.sep).includes('fixtures'));
    expect(testOnly).toEqual([]);
  });
});

/** Every non-test server source: path under src/ and text. */
async function productionSources(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(serverSrc, { recursive: true, encoding: 'utf8' });
  const files = entries.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  return Promise.all(
    files.map(async (file) => ({ file, text: await readFile(path.join(serverSrc, file), 'utf8') })),
  );
}

describe('the server sources', () => {
  it('move a counter only in core/counters.ts', async () => {
    const counterMove =
      /(like_count|comment_count|interested_count|follower_count|following_count|post_count|likeCount|commentCount|interestedCount|followerCount|followingCount|postCount)\}?\s*[+-]\s*/;
    const offenders = (await productionSources())
      .filter(({ file, text }) => file !== path.join('core', 'counters.ts') && counterMove.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('keep test code out of production folders: only tests import vitest or the test driver', async () => {
    const offenders = (await productionSources())
      .filter(({ text }) => /from ['"](vitest|#test\/[^'"]*)['"]/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});

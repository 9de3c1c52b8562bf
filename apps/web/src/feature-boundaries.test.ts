/**
 * The import rule of docs/architecture.md, enforced by Biome (`noRestrictedImports` overrides in
 * biome.json): a feature may import components/, lib/, the shared package and its own files,
 * never another feature or app/. This runs the real Biome, with the repository's biome.json, on a
 * fixture laid out as a feature file, and checks that every feature folder has its overrides (written
 * by scripts/floor-plan.mjs).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const featuresDir = path.join(repoRoot, 'apps/web/src/features');

interface Override {
  includes: string[];
}

let sandbox: string;

/** Lints `source` as if it were apps/web/src/<file>; resolves with Biome's exit code and output. */
async function lintAs(file: string, source: string) {
  const target = path.join(sandbox, 'apps/web/src', file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, source);
  try {
    await promisify(execFile)(biome, ['lint', '--max-diagnostics=50', path.relative(sandbox, target)], {
      cwd: sandbox,
    });
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: stdout + stderr };
  }
}

beforeAll(async () => {
  // A copy of biome.json in an empty folder: the overrides' paths match the fixture's, and no
  // other file of the repository is linted.
  sandbox = await mkdtemp(path.join(tmpdir(), 'glimpse-boundaries-'));
  const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete config.$schema;
  delete config.vcs;
  await writeFile(path.join(sandbox, 'biome.json'), JSON.stringify(config));
  await copyFile(path.join(repoRoot, 'package.json'), path.join(sandbox, 'package.json'));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

describe('feature boundaries', () => {
  it('refuses a feature importing another feature, app/ or a sibling folder by a relative path', async () => {
    for (const source of [
      "import { useFeed } from '@/features/feed/api/get-feed.ts';\n\nexport const x = useFeed;\n",
      "import { routes } from '@/app/routes.tsx';\n\nexport const x = routes;\n",
      "import { useEvent } from '../../events/api/get-event.ts';\n\nexport const x = useEvent;\n",
    ]) {
      const result = await lintAs('features/posts/api/cross.ts', source);
      expect(result.failed, source).toBe(true);
      expect(result.output).toContain('noRestrictedImports');
      expect(result.output).toContain('features/posts may import components/, lib/');
    }
  });

  it('refuses a file at the top of a feature folder importing a sibling feature by a relative path', async () => {
    const result = await lintAs(
      'features/posts/post-grid.tsx',
      "import { EventCard } from '../events/event-card.tsx';\n\nexport const x = EventCard;\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('features/posts may import components/, lib/');
  });

  it('lets a feature import its own files, components/, lib/ and the shared package', async () => {
    const result = await lintAs(
      'features/posts/api/own.ts',
      [
        "import { messages } from '@glimpse/shared';",
        "import { Button } from '@/components/button.tsx';",
        "import { postKeys } from '@/lib/query-keys.ts';",
        "import { usePost } from './get-post.ts';",
        "import { PostGrid } from '../post-grid.tsx';",
        '',
        'export const x = [messages, Button, postKeys, usePost, PostGrid];',
        '',
      ].join('\n'),
    );
    expect(result.output).not.toContain('noRestrictedImports');
  });

  it('lets an app/ route file compose features', async () => {
    const result = await lintAs(
      'app/some-route.tsx',
      "import { useFeed } from '@/features/feed/api/get-feed.ts';\n\nexport const x = useFeed;\n",
    );
    expect(result.output).not.toContain('noRestrictedImports');
  });

  it('has an override for every feature folder, so a new feature is bounded too', async () => {
    const config = JSON.parse(await readFile(path.join(repoRoot, 'biome.json'), 'utf8')) as {
      overrides: Override[];
    };
    const bounded = config.overrides.flatMap((override) => override.includes);
    const features = (await readdir(featuresDir, { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    for (const feature of features) {
      expect(bounded).toContain(`apps/web/src/features/${feature.name}/**`);
      expect(bounded).toContain(`apps/web/src/features/${feature.name}/*.tsx`);
    }
  });
});

/**
 * Comments say why, in words a reader of the repository understands: never an issue or a round
 * by its number (the tracker's numbering, which the code does not carry), and every file a comment
 * names exists. Read from the syntax tree of every source file of the repository (comments only,
 * not strings); docs/ may keep dated history, and so do shipped migrations, which are never edited.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

const exempt = [
  // A shipped migration is a dated record: drizzle applies it as written, so it is never reworded.
  'apps/server/src/db/migrations/',
  // Reworded by the work on these folders that runs beside this change (federation in layers, the
  // Actor type); drop them from this list once that work is in.
  'apps/server/src/composers/federation/',
  'apps/server/src/core/',
];

/** The repository's files: committed or new, not ignored, still on disk. */
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(path.join(repoRoot, file)));
const trackedSet = new Set(tracked);
const sources = tracked.filter(
  (file) =>
    /\.(ts|tsx|mjs|cjs|js|css)$/.test(file) &&
    !file.startsWith('docs/') &&
    !exempt.some((prefix) => file.startsWith(prefix)),
);

interface Comment {
  line: number;
  text: string;
}

/** The comments of one file, with the line each starts on. */
export function commentsOf(file: string, text: string): Comment[] {
  const lineOf = (position: number) => text.slice(0, position).split('\n').length;
  if (file.endsWith('.css'))
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
      line: lineOf(match.index),
      text: match[0],
    }));
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.[mc]?js$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, Comment>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? [])
      found.set(range.pos, { line: lineOf(range.pos), text: text.slice(range.pos, range.end) });
  };
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** An issue or a round named by its number, with a space, a hyphen or nothing between; not a `--rounds` flag. */
export const trackerNumbers = (comment: string) =>
  [...comment.matchAll(/(?<!--)\b(issues?|rounds?)[- ]?\d+/gi)].map((match) => match[0]);

/**
 * The repository files a comment names: a path with a folder (`features/posts/queries.ts`,
 * `apps/web/src/lib/i18n.ts`) or the bare name of a source file (`upgrade-notices.ts`). Names of
 * other kinds (`outbox.json` in an archive, `plans.md` written by a command) are not checked.
 */
export const namedFiles = (comment: string) =>
  [...comment.matchAll(/(?<![\w@/.*<…-])(\.{0,2}\/?[\w@-][\w@./-]*\.(?:tsx?|mjs|cjs|css|md|sql|py))\b/g)]
    .map((match) => match[1] as string)
    .filter((name) => name.includes('/') || /\.(tsx?|mjs|cjs|css|sql|py)$/.test(name))
    .filter((name) => !/^(DATA_DIR|\.vite)\//.test(name));

/** Folders a path in a comment may be written from: the file's own, its package's and the repository's. */
function bases(file: string): string[] {
  const parts = file.split('/');
  const src = parts.lastIndexOf('src');
  return [
    path.dirname(file),
    '',
    ...(src > 0 ? [parts.slice(0, src + 1).join('/'), parts.slice(0, src).join('/')] : []),
    ...(parts[0] === 'apps' || parts[0] === 'packages' ? [parts.slice(0, 2).join('/')] : []),
  ];
}

function exists(file: string, name: string): boolean {
  const clean = name.replace(/^\.\//, '');
  if (!clean.includes('/')) return tracked.some((candidate) => path.basename(candidate) === clean);
  if (bases(file).some((base) => trackedSet.has(path.normalize(path.join(base, name))))) return true;
  return tracked.some((candidate) => candidate.endsWith(`/${clean}`));
}

describe('comments', () => {
  const comments = sources.map((file) => ({
    file,
    comments: commentsOf(file, readFileSync(path.join(repoRoot, file), 'utf8')),
  }));

  /** Each line of every comment, as "file:line" and its text. */
  const lines = comments.flatMap(({ file, comments }) =>
    comments.flatMap(({ line, text }) =>
      text.split('\n').map((words, index) => ({ file, at: `${file}:${line + index}`, words })),
    ),
  );

  it('never say "issue N" or "round N": they say why', () => {
    const found = lines.flatMap(({ at, words }) => trackerNumbers(words).map((number) => `${at}: ${number}`));
    expect(found).toEqual([]);
  });

  it('name only files that exist', () => {
    const missing = lines.flatMap(({ file, at, words }) =>
      namedFiles(words)
        .filter((name) => !exists(file, name))
        .map((name) => `${at}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('are read from the syntax tree: strings, flags and other names pass', () => {
    const code = [
      '/** Sign-up (issue 23) names nobody. */',
      "const a = 'issue 5'; // a round-1 directory",
      '/* run with --rounds 3 */',
      'const b = `// round 2`;',
    ].join('\n');
    expect(commentsOf('x.ts', code).flatMap(({ text }) => trackerNumbers(text))).toEqual([
      'issue 23',
      'round-1',
    ]);
    expect(namedFiles('see features/posts/queries.ts, upgrade-notices.ts and a *.test.ts')).toEqual([
      'features/posts/queries.ts',
      'upgrade-notices.ts',
    ]);
    expect(namedFiles('archives hold outbox.json; `> plans.md`; DATA_DIR/vapid.json')).toEqual([]);
  });
});

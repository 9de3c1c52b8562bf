/**
 * Lint for words the catalogs would miss (docs/i18n.md): text in JSX and the accessible-name
 * attributes (aria-label, title, alt, placeholder, label…) must go through Lingui (`<Trans>`, `t`)
 * or a shared message. Biome's noJsxLiterals cannot tell `<Trans>` children from bare text, so
 * this walks the syntax tree itself. Symbols and the brand pass; the legal texts wait for their
 * whole-text translations (issue 28).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const srcDir = import.meta.dirname;
const documentNames = ['terms', 'privacy', 'guidelines'];
const allowedFiles = new Set(
  // Whole legal texts, translated as documents per language rather than sentence by sentence
  // (features/legal/documents.ts): `terms.tsx` in English, `terms.es.tsx` in Spanish…
  ['', '.es', '.de', '.fr', '.ar'].flatMap((suffix) =>
    documentNames.map((name) => `features/legal/content/${name}${suffix}.tsx`),
  ),
);
/** Words that read the same in every language: the name, and RFC 2606's example domain. */
const allowedTexts = new Set(['Glimpse', 'example.org']);
const namedAttributes = new Set([
  'aria-label',
  'aria-description',
  'title',
  'alt',
  'placeholder',
  'label',
  'subtitle',
  'busyLabel',
  'hint',
  'description',
  'confirmLabel',
  'legend',
  'message',
]);

const sourceFiles = (dir: string, pattern = /\.tsx$/): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name), pattern)
      : pattern.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };
const isWordy = (text: string) =>
  /\p{L}{2,}/u.test(
    text
      .split(/\s+/)
      .filter((word) => !allowedTexts.has(word))
      .join(' '),
  );

/**
 * The plain strings an expression can end up as, through `a ? b : c` and `a && b`:
 * `{isAdmin ? 'Admin' : 'Moderator'}` shows one of two bare words. Calls are not followed (a `t`
 * call translates; a class-name helper's strings are not shown).
 */
function literalOutcomes(node: Node | null | undefined): Node[] {
  if (!node) return [];
  if (node.type === 'StringLiteral') return [node];
  if (node.type === 'TemplateLiteral') return [node];
  if (node.type === 'ConditionalExpression')
    return [...literalOutcomes(node.consequent as Node), ...literalOutcomes(node.alternate as Node)];
  if (node.type === 'LogicalExpression') return literalOutcomes(node.right as Node);
  return [];
}

const literalText = (node: Node) =>
  node.type === 'StringLiteral'
    ? (node.value as string)
    : (node.quasis as { value: { cooked: string } }[]).map((quasi) => quasi.value.cooked).join('…');

/** The wordy texts among `literalOutcomes(node)`. */
const wordyLiterals = (node: Node | null | undefined) =>
  literalOutcomes(node).map(literalText).filter(isWordy);

/** Bare texts of one file, as "line: text". */
export function bareTexts(code: string): string[] {
  const found: string[] = [];
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const walk = (node: unknown, insideTrans: boolean) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, insideTrans);
      return;
    }
    const n = node as Node & { loc?: { start: { line: number } } };
    if (typeof n.type !== 'string') return;
    let inside = insideTrans;
    if (n.type === 'JSXElement') {
      const name = (n.openingElement as { name: { name?: string } }).name.name;
      if (name === 'Trans') inside = true;
    }
    if (n.type === 'JSXText' && !inside && isWordy(n.value as string)) {
      found.push(`${n.loc?.start.line}: ${(n.value as string).trim()}`);
    }
    if ((n.type === 'JSXElement' || n.type === 'JSXFragment') && !inside) {
      for (const child of n.children as Node[]) {
        if (child.type !== 'JSXExpressionContainer') continue;
        for (const text of wordyLiterals(child.expression as Node))
          found.push(`${child.loc?.start.line}: {'${text}'}`);
      }
    }
    // A component's default words: `{ label = 'Load more' }` would be shown untranslated.
    if (n.type === 'AssignmentPattern') {
      const left = n.left as Node;
      const right = n.right as Node;
      if (left.type === 'Identifier' && namedAttributes.has(left.name as string)) {
        for (const text of wordyLiterals(right))
          found.push(`${n.loc?.start.line}: ${left.name as string} = '${text}'`);
      }
    }
    if (n.type === 'JSXAttribute') {
      const name = (n.name as { name: string }).name;
      const value = n.value as Node | null;
      if (namedAttributes.has(name) && value?.type === 'StringLiteral' && isWordy(value.value as string)) {
        found.push(`${n.loc?.start.line}: ${name}="${value.value}"`);
      }
      if (namedAttributes.has(name) && value?.type === 'JSXExpressionContainer') {
        for (const text of wordyLiterals(value.expression as Node))
          found.push(`${n.loc?.start.line}: ${name}={'${text}'}`);
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key !== 'loc' && !key.endsWith('Comments')) walk(value, inside);
    }
  };
  walk(ast.program, false);
  return found;
}

describe('texts in JSX', () => {
  it('go through Lingui or a shared message', () => {
    const bare: Record<string, string[]> = {};
    for (const file of sourceFiles(srcDir)) {
      const relative = path.relative(srcDir, file);
      if (allowedFiles.has(relative)) continue;
      const texts = bareTexts(readFileSync(file, 'utf8'));
      if (texts.length) bare[relative] = texts;
    }
    expect(bare).toEqual({});
  });

  it('are caught when bare, and pass inside <Trans> or t', () => {
    expect(bareTexts('const a = <p>Hello there</p>;')).toEqual(['1: Hello there']);
    expect(bareTexts('const a = <img alt="A photo" />;')).toEqual(['1: alt="A photo"']);
    expect(bareTexts('const a = <p><Trans>Hello <b>there</b></Trans></p>;')).toEqual([]);
    expect(bareTexts('const a = <img alt={t`A photo`} />;')).toEqual([]);
    expect(bareTexts('const a = <p>· {count} ✓ Glimpse</p>;')).toEqual([]);
    expect(bareTexts("const a = <span>{admin ? 'Admin' : 'Moderator'}</span>;")).toEqual([
      "1: {'Admin'}",
      "1: {'Moderator'}",
    ]);
    expect(bareTexts("const a = <img alt={big && 'A big photo'} />;")).toEqual(["1: alt={'A big photo'}"]);
    expect(bareTexts("const a = <span>{admin ? t`Admin` : ''}</span>;")).toEqual([]);
    expect(bareTexts("function More({ label = 'Load more' }) { return null; }")).toEqual([
      "1: label = 'Load more'",
    ]);
  });
});

/**
 * Lines of `code` that translate while the module loads: a shared message or a `t` outside any
 * function. The catalog's rest arrives beside a screen's code (lib/i18n.ts), so such a read shows
 * an id (and Lingui warns), and it keeps its first language after a switch.
 */
export function translatedAtLoad(code: string): number[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const lines: number[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Node & { loc?: { start: { line: number } } };
    if (typeof n.type !== 'string' || /Function|Method/.test(n.type)) return;
    const object = n.object as Node | undefined;
    const tag = n.tag as Node | undefined;
    const translates =
      (n.type === 'MemberExpression' && object?.type === 'Identifier' && object.name === 'messages') ||
      (n.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier' && tag.name === 't');
    if (translates) {
      lines.push(n.loc?.start.line ?? 0);
      return;
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'loc') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  for (const statement of ast.program.body) if (statement.type !== 'ImportDeclaration') visit(statement);
  return [...new Set(lines)];
}

describe('messages', () => {
  it('are read when shown, never while a module loads', () => {
    const atLoad: Record<string, number[]> = {};
    for (const file of sourceFiles(srcDir, /\.tsx?$/)) {
      const relative = path.relative(srcDir, file);
      if (/\.test\.tsx?$/.test(relative)) continue;
      const lines = translatedAtLoad(readFileSync(file, 'utf8'));
      if (lines.length) atLoad[relative] = lines;
    }
    expect(atLoad).toEqual({});
  });

  it('are caught at module level and pass inside a function', () => {
    expect(translatedAtLoad('const a = { on: messages.safety.blocked };')).toEqual([1]);
    expect(translatedAtLoad('const a = t`Hello`;')).toEqual([1]);
    expect(translatedAtLoad('const a = () => messages.safety.blocked;')).toEqual([]);
    expect(translatedAtLoad('function A() { return <p>{t`Hello`}</p>; }')).toEqual([]);
  });
});

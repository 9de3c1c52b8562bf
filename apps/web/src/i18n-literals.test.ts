/**
 * Lint for words the catalogs would miss (docs/i18n.md): text in JSX and the accessible-name
 * attributes (aria-label, title, alt, placeholder, label…) must go through Lingui (`<Trans>`, `t`)
 * or a shared message. Biome's noJsxLiterals cannot tell `<Trans>` children from bare text, so
 * this walks the syntax tree itself. Symbols and the brand pass; the legal texts wait for their
 * whole-text translations.
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

/** Lingui's JSX macros: their children and forms are words in the catalogs. */
const translationElements = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

const sourceFiles = (dir: string, pattern = /\.tsx$/): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name), pattern)
      : pattern.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

/** Each file's syntax tree, parsed once for the three walks below. */
const trees = new Map<string, ReturnType<typeof parse>>();
function syntaxTree(code: string) {
  let tree = trees.get(code);
  if (!tree) {
    tree = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
    trees.set(code, tree);
  }
  return tree;
}

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
  const ast = syntaxTree(code);
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
      if (name !== undefined && translationElements.has(name)) inside = true;
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

type JsxChild = Node & { value?: string; expression?: Node; children?: JsxChild[] };

const isTransElement = (node: Node) =>
  node.type === 'JSXElement' &&
  translationElements.has((node.openingElement as { name: { name?: string } }).name.name ?? '');

/** A `t` template, a `t()` / `plural()` call, or `<Trans>`: words of the web app's own. */
function isTranslation(node: Node | null | undefined): boolean {
  if (!node) return false;
  if (isTransElement(node)) return true;
  if (node.type === 'TaggedTemplateExpression') return (node.tag as Node).name === 't';
  if (node.type === 'CallExpression') return ['t', 'plural'].includes((node.callee as Node).name as string);
  if (node.type === 'ConditionalExpression')
    return isTranslation(node.consequent as Node) && isTranslation(node.alternate as Node);
  return false;
}

const isWhitespace = (child: JsxChild) =>
  (child.type === 'JSXText' && !child.value?.trim()) ||
  (child.type === 'JSXExpressionContainer' &&
    child.expression?.type === 'StringLiteral' &&
    !(child.expression.value as string).trim());
const isSeparator = (child: JsxChild) => {
  const text =
    child.type === 'JSXText'
      ? child.value
      : child.expression?.type === 'StringLiteral'
        ? (child.expression.value as string)
        : undefined;
  return text !== undefined && /^\s*·\s*$/.test(text);
};
/** A part that opens with `·` (`{done && <span>{' · '}<Trans>Uploaded</Trans></span>}`): a fact of its own. */
function opensWithSeparator(child: JsxChild): boolean {
  if (isSeparator(child)) return true;
  if (child.type === 'JSXExpressionContainer') {
    const expression = child.expression as Node;
    if (expression.type === 'LogicalExpression')
      return opensWithSeparator({ type: 'JSXExpressionContainer', expression: expression.right as Node });
    if (expression.type === 'JSXElement' || expression.type === 'JSXFragment')
      return opensWithSeparator(expression as JsxChild);
    return false;
  }
  if (child.type === 'JSXElement' || child.type === 'JSXFragment') {
    const first = (child.children ?? []).find(
      (grandchild) => !isWhitespace(grandchild) || isSeparator(grandchild),
    );
    return first !== undefined && opensWithSeparator(first);
  }
  return false;
}

/** Elements that show no words: icons (aria-hidden) and the asterisk CSS draws for a required field. */
const isSilent = (child: JsxChild) =>
  child.type === 'JSXElement' &&
  ((child.openingElement as { name: { name?: string } }).name.name === 'RequiredMark' ||
    (child.openingElement as { attributes: { name?: { name: string } }[] }).attributes.some(
      (attribute) => attribute.name?.name === 'aria-hidden',
    ));

/**
 * Sentences cut into pieces, as "line: why". A translator orders a whole sentence, never the pieces
 * of one: `<Trans>Photo</Trans> {n} <Trans>of</Trans> {total}` cannot become "{n}. Foto von {total}"
 * or an Arabic order. Found: a translation beside other words, a number or another translation in
 * the same element (a `·` between them separates facts, as in "2 MB · until 3 May"); a whitespace
 * `{' '}` at an element's edge beside a translation, which carries the sentence on outside it
 * ("Switch to" in a hidden span, the name after it); a translation inside a template or a `+`;
 * a plural whose number is shown outside it (a form without `#`); and a translation that changes
 * the case of what it is given (`Choose {label.toLowerCase()}`: German nouns keep their capital).
 */
export function sentencePieces(code: string): string[] {
  const found: string[] = [];
  const ast = syntaxTree(code);
  const at = (node: Node) => node.loc?.start.line;
  const walk = (node: unknown, insideTranslation: boolean) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, insideTranslation);
      return;
    }
    const n = node as Node;
    if (typeof n.type !== 'string') return;
    if ((n.type === 'JSXElement' && !isTransElement(n)) || n.type === 'JSXFragment') {
      // Indentation with a line break is layout: JSX drops it. A space on the line is shown.
      const children = (n.children as JsxChild[]).filter(
        (child) => !(child.type === 'JSXText' && !child.value?.trim() && child.value?.includes('\n')),
      );
      const isTranslated = (child: JsxChild) =>
        isTransElement(child) || (child.type === 'JSXExpressionContainer' && isTranslation(child.expression));
      const segments: JsxChild[][] = [[]];
      children.forEach((child, index) => {
        const before = children[index - 1];
        const after = children[index + 1];
        if (isSeparator(child) || opensWithSeparator(child)) segments.push([]);
        else if (isWhitespace(child)) {
          // A space glues words into one sentence: at the element's edge (the sentence goes on
          // outside it) or between two translations. Beside a `·` or an icon it only spaces them.
          const edge = index === 0 || index === children.length - 1;
          const between = before && after && isTranslated(before) && isTranslated(after);
          if (edge || between) segments.at(-1)?.push(child);
        } else if (!isSilent(child)) segments.at(-1)?.push(child);
      });
      // Whole messages side by side (two counts in a row) are not pieces; one beside anything else is.
      for (const segment of segments) {
        const translations = segment.filter(isTranslated);
        if (translations.length > 0 && translations.length < segment.length)
          found.push(`${at(translations[0]!)}: a translation beside other words, in pieces`);
      }
    }
    // A template may only set a translation apart with a `·` (` · ${t`Forwarded to ${server}`}`).
    if (
      n.type === 'TemplateLiteral' &&
      (n.expressions as Node[]).some(isTranslation) &&
      ((n.expressions as Node[]).length > 1 ||
        (n.quasis as { value: { cooked: string } }[]).some((quasi) => !/^[\s·]*$/.test(quasi.value.cooked)))
    )
      found.push(`${at(n)}: a translation inside a template`);
    if (
      n.type === 'BinaryExpression' &&
      n.operator === '+' &&
      (isTranslation(n.left as Node) || isTranslation(n.right as Node))
    )
      found.push(`${at(n)}: a translation joined with +`);
    if (n.type === 'CallExpression' && (n.callee as Node).name === 'plural') {
      const forms = (n.arguments as Node[])[1];
      const values = ((forms?.properties as { value: Node }[] | undefined) ?? []).map((p) => p.value);
      if (values.some((value) => value.type === 'StringLiteral' && !(value.value as string).includes('#')))
        found.push(`${at(n)}: a plural without its number (#)`);
    }
    const inside = insideTranslation || isTranslation(n);
    if (
      inside &&
      n.type === 'CallExpression' &&
      ['toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase'].includes(
        ((n.callee as Node).property as Node | undefined)?.name as string,
      )
    )
      found.push(`${at(n)}: a translation that changes the case of a placeholder`);
    for (const [key, value] of Object.entries(n)) {
      if (key !== 'loc' && !key.endsWith('Comments')) walk(value, inside);
    }
  };
  walk(ast.program, false);
  return found;
}

describe('sentences', () => {
  it('are whole, one message each, never translated in pieces', () => {
    const cut: Record<string, string[]> = {};
    for (const file of sourceFiles(srcDir, /\.tsx?$/)) {
      const relative = path.relative(srcDir, file);
      if (/\.test\.tsx?$/.test(relative) || allowedFiles.has(relative)) continue;
      const pieces = sentencePieces(readFileSync(file, 'utf8'));
      if (pieces.length) cut[relative] = pieces;
    }
    expect(cut).toEqual({});
  });

  it('are caught in pieces, and pass whole', () => {
    const cut = (code: string) => sentencePieces(code).map((line) => line.replace(/^\d+: /, ''));
    const pieces = 'a translation beside other words, in pieces';
    expect(cut('const a = <p><Trans>Photo</Trans> {n} <Trans>of</Trans> {total}</p>;')).toEqual([pieces]);
    expect(cut('const a = <p><Trans>Photo {n} of {total}</Trans></p>;')).toEqual([]);
    expect(cut('const a = <p><Trans>Added</Trans> <TimeAgo iso={at} /></p>;')).toEqual([pieces]);
    expect(cut('const a = <p><Trans>Added <TimeAgo iso={at} /></Trans></p>;')).toEqual([]);
    expect(
      cut('const a = <span className="visually-hidden"><Trans>Switch to</Trans>{\' \'}</span>;'),
    ).toEqual([pieces]);
    expect(cut("const a = <span>{count}<span>{' '}<Trans>unread</Trans></span></span>;")).toEqual([pieces]);
    expect(cut('const a = <span>{open ? t`Change` : t`Choose`} {label}</span>;')).toEqual([pieces]);
    expect(cut("const a = <p>{size}{' · '}<Trans>until {date}</Trans></p>;")).toEqual([]);
    expect(
      cut("const a = <p>{who ? <Trans>Reported by {who}</Trans> : t`Reported`}{' '} · <TimeAgo /></p>;"),
    ).toEqual([]);
    expect(cut('const a = <button><Check aria-hidden="true" /> <Trans>Active</Trans></button>;')).toEqual([]);
    expect(cut('const a = <span><Trans>I agree</Trans><RequiredMark /></span>;')).toEqual([]);
    expect(cut('const a = <p><Trans>Hello</Trans> <Trans>world</Trans></p>;')).toEqual([pieces]);
    expect(
      cut(
        'const a = <p>\n  <Plural value={a} one="# like" other="# likes" />\n  <Trans>Saved</Trans>\n</p>;',
      ),
    ).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source code to lint, not a template
    expect(cut('const a = `${t`Photo`} ${n}`;')).toEqual(['a translation inside a template']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source code to lint, not a template
    expect(cut('const a = ` · ${t`Forwarded to ${server}`}`;')).toEqual([]);
    expect(cut('const a = t`Photo` + n;')).toEqual(['a translation joined with +']);
    expect(cut("const a = plural(n, { one: 'follower', other: 'followers' });")).toEqual([
      'a plural without its number (#)',
    ]);
    expect(cut("const a = plural(n, { one: '# follower', other: '# followers' });")).toEqual([]);
    expect(cut('const a = <Trans>Choose {label.toLowerCase()}</Trans>;')).toEqual([
      'a translation that changes the case of a placeholder',
    ]);
    expect(cut('const a = zone.toLowerCase();')).toEqual([]);
  });
});

/**
 * Lines of `code` that translate while the module loads: a shared message or a `t` outside any
 * function. The catalog's rest arrives beside a screen's code (lib/i18n.ts), so such a read shows
 * an id (and Lingui warns), and it keeps its first language after a switch.
 */
export function translatedAtLoad(code: string): number[] {
  const ast = syntaxTree(code);
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

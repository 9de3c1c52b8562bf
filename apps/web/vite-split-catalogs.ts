/**
 * A Vite plugin that cuts each language's compiled catalog in two (docs/performance.md,
 * "Start-up"): the messages the first screens use (first-screens.ts: the entry, sign-in, the signed-in
 * frame and the home feed), which stay in the catalog's chunk that main.tsx loads beside the app,
 * and the rest, written as `assets/messages-rest-<locale>-<hash>.json`. The chunk exports that
 * file's address as `rest`; lib/i18n.ts fetches it beside the code of any other screen, which
 * renders once both are in (app/routes.tsx).
 *
 * Which messages a first screen uses is read from the build itself: every message id in the code of
 * the modules the first screens import statically (the Lingui macros compile to `{ id: "…" }`; a
 * shared message counts where the code reads `messages.<group>.<key>`). An id that is not a message costs nothing; a
 * message only another screen shows goes to the rest. Build only: `vite dev` serves whole catalogs.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstScreenModules } from './first-screens.ts';

const catalogModule = /locales\/(\w+)\/messages\.po$/;
const scriptModule = /\.(tsx?|jsx?|mjs)$/;
const messageId = /\bid\s*:\s*(["'`])((?:(?!\1)[^\\]|\\.)+)\1/g;
/**
 * The shared messages (packages/shared/src/messages.ts) are one object that every screen imports, so
 * their definitions say nothing about use: a module uses `messages.<group>.<key>` (id
 * `<group>.<key>`), or a whole group when it reads `messages.<group>` otherwise (destructuring).
 */
const sharedMessagesModule = '/packages/shared/src/messages.ts';
const sharedMessageUse = /(?<![\w$.])messages\.(\w+)(?:\.(\w+))?/g;
const firstPlaceholder = (locale: string) => `__GLIMPSE_FIRST_MESSAGES_${locale}__`;
const restPlaceholder = (locale: string) => `__GLIMPSE_REST_MESSAGES_${locale}__`;

export function splitCatalogs(): Plugin {
  let root = '';
  let base = '/';
  const idsByModule = new Map<string, Set<string>>();
  const catalogs = new Map<string, Record<string, unknown>>();
  let firstIds: Set<string> | undefined;

  return {
    name: 'glimpse-split-catalogs',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      const catalog = catalogModule.exec(file);
      if (catalog) {
        // @lingui/vite-plugin compiled it to `export const messages=JSON.parse("<json>")`.
        const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/s.exec(code)?.[1];
        if (!literal) this.error(`Unexpected compiled catalog in ${file}`);
        const locale = catalog[1]!;
        catalogs.set(locale, JSON.parse(JSON.parse(literal)) as Record<string, unknown>);
        return {
          code: `export const messages = JSON.parse(${JSON.stringify(firstPlaceholder(locale))});\nexport const rest = ${JSON.stringify(restPlaceholder(locale))};\n`,
          map: null,
        };
      }
      if (scriptModule.test(file) && !file.includes('/node_modules/')) {
        const ids = new Set<string>();
        if (!file.endsWith(sharedMessagesModule))
          for (const match of code.matchAll(messageId)) ids.add(match[2]!);
        for (const [, group, key] of code.matchAll(sharedMessageUse))
          ids.add(key ? `${group}.${key}` : `${group}.*`);
        idsByModule.set(file, ids);
      }
      return null;
    },
    renderChunk(code, chunk) {
      const locale = chunk.facadeModuleId && catalogModule.exec(chunk.facadeModuleId.split('?')[0]!)?.[1];
      if (!locale) return null;
      firstIds ??= collectFirstIds(this, root, idsByModule);
      const all = catalogs.get(locale);
      if (!all) this.error(`No compiled catalog for ${locale}`);
      const first: Record<string, unknown> = {};
      const rest: Record<string, unknown> = {};
      const isFirst = (id: string) => firstIds!.has(id) || firstIds!.has(id.replace(/\.\w+$/, '.*'));
      for (const [id, message] of Object.entries(all)) (isFirst(id) ? first : rest)[id] = message;
      const restJson = JSON.stringify(rest);
      const hash = createHash('sha256').update(restJson).digest('base64url').slice(0, 8);
      const fileName = `assets/messages-rest-${locale}-${hash}.json`;
      this.emitFile({ type: 'asset', fileName, source: restJson });
      const replaced = code
        .replace(placeholderPattern(firstPlaceholder(locale)), () => JSON.stringify(JSON.stringify(first)))
        .replace(placeholderPattern(restPlaceholder(locale)), () => JSON.stringify(`${base}${fileName}`));
      if (replaced.includes('__GLIMPSE_')) this.error(`A catalog placeholder survived in ${chunk.fileName}`);
      return { code: replaced, map: null };
    },
  };
}

const placeholderPattern = (placeholder: string) => new RegExp(`(["'\`])${placeholder}\\1`);

/** The message ids in the modules the first screens load: the entries and first-screens.ts, with what they import statically. */
function collectFirstIds(
  context: {
    getModuleIds(): IterableIterator<string>;
    getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
  },
  root: string,
  idsByModule: Map<string, Set<string>>,
): Set<string> {
  const roots = [
    ...[...context.getModuleIds()].filter((id) => context.getModuleInfo(id)?.isEntry),
    ...firstScreenModules.map((module) => path.resolve(root, module)),
  ];
  const seen = new Set<string>();
  const ids = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    for (const id of idsByModule.get(module.split('?')[0]!) ?? []) ids.add(id);
    for (const imported of context.getModuleInfo(module)?.importedIds ?? []) visit(imported);
  };
  for (const module of roots) visit(module);
  if (seen.size < firstScreenModules.length + 10)
    throw new Error('The first screens’ modules were not found');
  return ids;
}

/**
 * A Vite plugin that gives the web build a compact `messages` (packages/shared/src/messages.ts):
 * every shared message's id is `<group>.<key>` (the build stops on one that is not), and the
 * production build keeps no English text in the descriptors (the catalogs hold every language), so
 * the ~350 descriptors reduce to their path. What is left to ship is the argument mapping of the
 * messages with values. That took most of the descriptors' ~4 kB gzipped out of the first screen's
 * JS (docs/performance.md, "Start-up"); src/shared-messages-build.test.ts holds the compact
 * module to the real one, message by message. The server and the tests read the real module.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const sharedMessagesModule = /\/packages\/shared\/src\/messages\.ts$/;

export function compactSharedMessages(): Plugin {
  return {
    name: 'glimpse-compact-shared-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!sharedMessagesModule.test(id.split('?')[0]!)) return null;
      return { code: compactMessagesModule(code), map: null };
    },
  };
}

/** The compact module for the source of messages.ts: same `messages`, no descriptors. */
export function compactMessagesModule(source: string): string {
  const file = ts.createSourceFile('messages.ts', source, ts.ScriptTarget.Latest, true);
  let catalog: ts.ObjectLiteralExpression | undefined;
  const find = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText(file) === 'messageCatalog' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      catalog = node.initializer;
    }
    ts.forEachChild(node, find);
  };
  find(file);
  if (!catalog) throw new Error('messages.ts: no `messageCatalog` object');

  const groups: string[] = [];
  for (const group of catalog.properties) {
    if (!ts.isPropertyAssignment(group) || !ts.isObjectLiteralExpression(group.initializer)) {
      throw new Error(`messages.ts: unexpected group ${group.getText(file).slice(0, 60)}`);
    }
    const groupName = group.name.getText(file);
    const mappers: string[] = [];
    for (const entry of group.initializer.properties) {
      if (!ts.isPropertyAssignment(entry)) throw new Error(`messages.ts: unexpected entry in ${groupName}`);
      const key = entry.name.getText(file);
      const value = entry.initializer;
      const isFn = ts.isCallExpression(value) && value.expression.getText(file) === 'fn';
      const descriptor = isFn ? value.arguments[0] : value;
      if (!descriptor || !ts.isObjectLiteralExpression(descriptor)) {
        throw new Error(`messages.ts: ${groupName}.${key} is not a message descriptor`);
      }
      const id = descriptor.properties.find(
        (property): property is ts.PropertyAssignment =>
          ts.isPropertyAssignment(property) && property.name.getText(file) === 'id',
      );
      if (!id || !ts.isStringLiteral(id.initializer) || id.initializer.text !== `${groupName}.${key}`) {
        throw new Error(`messages.ts: the id of ${groupName}.${key} must be '${groupName}.${key}'`);
      }
      if (isFn) mappers.push(`${key}: ${value.arguments[1]!.getText(file)}`);
    }
    groups.push(`${groupName}: { ${mappers.join(', ')} }`);
  }

  return `import { type MessageValues, translate } from './i18n.ts';

type Mappers = Record<string, Record<string, (...args: never[]) => MessageValues>>;
const mappers: Mappers = { ${groups.join(',\n')} };

const views = new Map<string, unknown>();
function groupView(group: string) {
  const own = mappers[group]!;
  return new Proxy({}, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      const message = { id: \`\${group}.\${key}\`, message: '' };
      const values = own[key] as ((...args: unknown[]) => MessageValues) | undefined;
      return values ? (...args: unknown[]) => translate(message, values(...args)) : translate(message);
    },
  });
}

export const messages = new Proxy({}, {
  get(_, group) {
    if (typeof group !== 'string' || !(group in mappers)) return undefined;
    if (!views.has(group)) views.set(group, groupView(group));
    return views.get(group);
  },
});
`;
}

/**
 * The web build's compact `messages` (vite-shared-messages.ts) against the real module: for every
 * shared message, the same id reaches the translator with the same values.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Message, type MessageValues, messageCatalog, messages, setTranslator } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactMessagesModule } from '../vite-shared-messages.ts';

const sharedSrc = path.resolve(import.meta.dirname, '../../../packages/shared/src');
let dir = '';
let compact: Record<string, Record<string, unknown>>;

beforeAll(async () => {
  const source = compactMessagesModule(await readFile(path.join(sharedSrc, 'messages.ts'), 'utf8'));
  dir = await mkdtemp(path.join(tmpdir(), 'glimpse-messages-'));
  const file = path.join(dir, 'messages.ts');
  // The same i18n module as the real one, so both go through the translator set below.
  await writeFile(file, source.replace("'./i18n.ts'", JSON.stringify(path.join(sharedSrc, 'i18n.ts'))));
  compact = (await import(/* @vite-ignore */ file)).messages;
  setTranslator(
    (message: Message, values?: MessageValues) => `${message.id} ${JSON.stringify(values ?? null)}`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compact shared messages (web build)', () => {
  const real = messages as unknown as Record<string, Record<string, unknown>>;

  it('reads every message with the same id and values as the real module', () => {
    let checked = 0;
    for (const [group, entries] of Object.entries(messageCatalog)) {
      for (const [key, entry] of Object.entries(entries as Record<string, object>)) {
        const expected = real[group]![key];
        const actual = compact[group]![key];
        if (typeof expected === 'function') {
          const arity = ('values' in entry ? (entry.values as (...args: unknown[]) => unknown) : () => 0)
            .length;
          const args = Array.from({ length: arity }, (_, index) => index + 2);
          expect(typeof actual, `${group}.${key}`).toBe('function');
          expect((actual as (...a: unknown[]) => string)(...args), `${group}.${key}`).toBe(
            (expected as (...a: unknown[]) => string)(...args),
          );
          expect((expected as (...a: unknown[]) => string)(...args)).toContain(`${group}.${key} {`);
        } else {
          expect(actual, `${group}.${key}`).toBe(expected);
          expect(expected).toBe(`${group}.${key} null`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('has no group the real module lacks', () => {
    expect(compact.noSuchGroup).toBeUndefined();
    for (const group of Object.keys(messageCatalog)) expect(compact[group], group).toBeDefined();
  });
});

import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { putBackBuiltins } from './native-json.ts';

// core-js's replacements are plain JavaScript functions, which have a `prototype`; builtins do not.
const isBuiltin = (fn: object) => !Object.hasOwn(fn, 'prototype');

describe('builtins after Fedify has loaded', () => {
  it('JSON.stringify and push are the runtime’s own once federation has loaded (jsonld’s core-js replaces them on Node 20)', async () => {
    await import('../composers/federation/federation.ts');
    expect(isBuiltin(JSON.stringify)).toBe(true);
    expect(isBuiltin(Array.prototype.push)).toBe(true);
  });

  it('putBackBuiltins replaces a JavaScript stand-in with the runtime’s own, which writes the same text', () => {
    const standIn = function stringify(value: unknown, replacer?: never, space?: string | number) {
      return vm.runInNewContext('JSON.stringify')(value, replacer, space) as string;
    };
    const standInPush = function push(this: unknown[], ...items: unknown[]) {
      for (const item of items) this[this.length] = item;
      return this.length;
    };
    const original = {
      stringify: JSON.stringify,
      push: Object.getOwnPropertyDescriptor(Array.prototype, 'push')!,
    };
    JSON.stringify = standIn as typeof JSON.stringify;
    Object.defineProperty(Array.prototype, 'push', { ...original.push, value: standInPush });
    try {
      putBackBuiltins();
      expect(JSON.stringify).not.toBe(standIn);
      expect(isBuiltin(JSON.stringify)).toBe(true);
      expect(isBuiltin(Array.prototype.push)).toBe(true);
      expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')).toMatchObject({ enumerable: false });
      const value = { at: new Date(0), list: [1, 'two', null, { three: undefined }], text: 'é\u2028' };
      expect(JSON.stringify(value)).toBe(
        '{"at":"1970-01-01T00:00:00.000Z","list":[1,"two",null,{}],"text":"é\u2028"}',
      );
      expect(JSON.stringify(value, ['list'], 1)).toBe('{\n "list": [\n  1,\n  "two",\n  null,\n  {}\n ]\n}');
      const list = [1];
      expect(list.push(2, 3)).toBe(3);
      expect(list).toEqual([1, 2, 3]);
      expect(Object.keys(Array.prototype)).toEqual([]);
    } finally {
      JSON.stringify = original.stringify;
      Object.defineProperty(Array.prototype, 'push', original.push);
    }
  });
});

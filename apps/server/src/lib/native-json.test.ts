import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import '../composers/federation/federation.ts';
import { jsonStringify } from './native-json.ts';

// core-js's replacements are plain JavaScript functions, which have a `prototype`; builtins do not.
const isBuiltin = (fn: object) => !Object.hasOwn(fn, 'prototype');

describe('builtins once Fedify has loaded', () => {
  it('JSON.stringify is the runtime’s own, not core-js’s (jsonld brings it on Node 20), and writes the same text', () => {
    expect(JSON.stringify).toBe(jsonStringify);
    expect(isBuiltin(JSON.stringify)).toBe(true);
    const fresh = vm.runInNewContext('JSON.stringify') as typeof JSON.stringify;
    const value = { at: new Date(0), list: [1, 'two', null, { three: undefined }], text: 'é\u2028' };
    expect(JSON.stringify(value)).toBe(fresh(value));
    expect(JSON.stringify(value, null, 2)).toBe(fresh(value, null, 2));
    expect(JSON.stringify(value, ['list'])).toBe('{"list":[1,"two",null,{}]}');
  });

  it('Array.prototype.push is a builtin again, and pushes as one', () => {
    expect(isBuiltin(Array.prototype.push)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')).toMatchObject({ enumerable: false });
    const list = [1];
    expect(list.push(2, 3)).toBe(3);
    expect(list).toEqual([1, 2, 3]);
    expect(Object.keys(Array.prototype)).toEqual([]);
  });
});

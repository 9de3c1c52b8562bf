import { describe, expect, it } from 'vitest';
import { JsonTooDeep, nestsWithin, parseJsonWithin } from './json-depth.ts';

describe('JSON depth', () => {
  it('counts arrays and objects inside one another, not those side by side', () => {
    expect(nestsWithin('{"a":[{"b":[]}]}', 4)).toBe(true);
    expect(nestsWithin('{"a":[{"b":[]}]}', 3)).toBe(false);
    expect(nestsWithin('[[],[],[],[],[]]', 2)).toBe(true);
    expect(nestsWithin('"text" ', 0)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsWithin('{"a":"[[[[{{{{"}', 1)).toBe(true);
    expect(nestsWithin('{"a":"\\"[[[[","b":"\\\\"}', 1)).toBe(true);
    // After an escaped backslash the quote ends the string: the brackets after it count.
    expect(nestsWithin('["\\\\",[[]]]', 2)).toBe(false);
  });

  it('refuses 200,000 nested arrays before parsing them, and parses what fits', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(() => parseJsonWithin(deep, 32)).toThrow(JsonTooDeep);
    expect(parseJsonWithin('{"type":"Like","object":["a",{"id":"b"}]}', 32)).toEqual({
      type: 'Like',
      object: ['a', { id: 'b' }],
    });
    expect(() => parseJsonWithin('{"type":', 32)).toThrow(SyntaxError);
  });
});

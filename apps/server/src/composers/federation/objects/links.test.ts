import { Link } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { httpHrefOf } from './links.ts';

describe('httpHrefOf', () => {
  it('reads a URL, a string, a Link, an object by id and the first http(s) one of a list', () => {
    expect(httpHrefOf(new URL('https://a.example/@eve'))).toBe('https://a.example/@eve');
    expect(httpHrefOf('http://a.example/x')).toBe('http://a.example/x');
    expect(httpHrefOf(new Link({ href: new URL('https://a.example/p') }))).toBe('https://a.example/p');
    expect(httpHrefOf({ type: 'Link', href: 'https://a.example/q' })).toBe('https://a.example/q');
    expect(httpHrefOf({ id: 'https://a.example/e' })).toBe('https://a.example/e');
    expect(httpHrefOf(['javascript:alert(1)', { href: 'https://a.example/2' }])).toBe('https://a.example/2');
  });

  it('gives nothing for another scheme, wherever it hides, or an address over the limit', () => {
    for (const value of [
      new URL('javascript:alert(1)'),
      'data:image/svg+xml,<svg onload=alert(1)>',
      new Link({ href: new URL('data:text/html,x') }),
      { type: 'Link', href: 'vbscript:x' },
      ['file:///etc/passwd', 'ftp://a.example'],
      null,
      undefined,
      42,
    ]) {
      expect(httpHrefOf(value), String(value)).toBeNull();
    }
    expect(httpHrefOf(`https://a.example/${'x'.repeat(300)}`, 200)).toBeNull();
  });
});

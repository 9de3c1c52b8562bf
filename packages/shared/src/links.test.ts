import { describe, expect, it } from 'vitest';
import { httpUrl, splitLinks } from './links.ts';

describe('httpUrl', () => {
  it('keeps http and https addresses', () => {
    expect(httpUrl('https://example.org/@eve')?.href).toBe('https://example.org/@eve');
    expect(httpUrl('http://example.org')?.host).toBe('example.org');
  });

  it('refuses every other scheme, relative addresses and nothing', () => {
    for (const value of [
      'javascript:alert(document.domain)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.org',
      'mailto:eve@example.org',
      '//example.org/path',
      '/relative',
      'https://',
      '',
      null,
      undefined,
    ]) {
      expect(httpUrl(value), String(value)).toBeNull();
    }
  });
});

describe('splitLinks', () => {
  it('finds http(s) addresses in prose and leaves a sentence’s end outside them', () => {
    const text = 'Maintenance tonight: see https://status.example.org/today. Or (http://example.org/a)!';
    const parts = splitLinks(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual([
      'https://status.example.org/today',
      'http://example.org/a',
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    const text = 'javascript:alert(1) <a href="x">x</a> data:text/html,hi ftp://example.org';
    expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
  });
});

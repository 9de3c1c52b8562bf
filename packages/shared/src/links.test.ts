import { describe, expect, it } from 'vitest';
import { httpUrl } from './links.ts';

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

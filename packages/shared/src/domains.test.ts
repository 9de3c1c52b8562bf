import { describe, expect, it } from 'vitest';
import { domainBlockCandidates, normalizeDomain } from './domains.ts';
import { DomainBlockInput } from './schemas.ts';

const blockField = (domain: string) => {
  const parsed = DomainBlockInput.safeParse({ domain });
  return parsed.success ? parsed.data.domain : null;
};

describe('normalizeDomain', () => {
  it('spells every host one way: lower case, punycode, no trailing dot, no default port', () => {
    expect(normalizeDomain('Evil.Example')).toBe('evil.example');
    expect(normalizeDomain('evil.example.')).toBe('evil.example');
    expect(normalizeDomain('localhost.')).toBe('localhost');
    expect(normalizeDomain('example.com.')).toBe('example.com');
    expect(normalizeDomain('evil.example.:8443')).toBe('evil.example:8443');
    expect(normalizeDomain('Bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeDomain('example.com:443')).toBe('example.com');
    expect(normalizeDomain('127.0.0.1:5968')).toBe('127.0.0.1:5968');
    expect(normalizeDomain('[::1]:3000')).toBe('[::1]:3000');
  });

  it('refuses what is not a host alone', () => {
    for (const text of [
      '',
      ' ',
      'a b',
      'evil.example/x',
      'me@evil.example',
      '.evil.example',
      'a..b',
      'x:99999',
    ]) {
      expect(normalizeDomain(text), text).toBeNull();
    }
  });
});

describe('the block form’s domain field', () => {
  it('stores the normal spelling, whatever was typed', () => {
    expect(blockField('localhost.')).toBe('localhost');
    expect(blockField('example.com.')).toBe('example.com');
    expect(blockField('ÉVIL.example.')).toBe('xn--vil-9la.example');
    expect(blockField('@alice@Bücher.example:8443')).toBe('xn--bcher-kva.example:8443');
    expect(blockField('https://evil.example./users/alice')).toBe('evil.example');
  });

  it('takes every host the Known servers table can show, dots or not', () => {
    expect(blockField('localhost:4600')).toBe('localhost:4600');
    expect(blockField('intranet')).toBe('intranet');
    expect(blockField('127.0.0.1')).toBe('127.0.0.1');
    expect(blockField('[::1]:3000')).toBe('[::1]:3000');
    expect(blockField('not a domain')).toBeNull();
  });
});

describe('domainBlockCandidates', () => {
  it('covers every port and every subdomain, most specific first', () => {
    expect(domainBlockCandidates('A.Evil.Example.:5968')).toEqual([
      'a.evil.example:5968',
      'a.evil.example',
      'evil.example:5968',
      'evil.example',
      'example:5968',
      'example',
    ]);
    expect(domainBlockCandidates('127.0.0.1:5968')).toEqual(['127.0.0.1:5968', '127.0.0.1']);
    expect(domainBlockCandidates('localhost')).toEqual(['localhost']);
    expect(domainBlockCandidates('bücher.example')).toContain('xn--bcher-kva.example');
  });
});

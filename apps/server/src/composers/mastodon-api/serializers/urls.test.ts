/** The fast absolute URL gives what `new URL` gives, for plain paths and for every other kind. */
import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './urls.ts';

const publicUrl = 'https://glimpse.example/';

describe('absoluteUrl', () => {
  it.each([
    '/media/ab/cd.webp?w=640',
    '/u/someone',
    '/media/photos/0b1c-2d.webp',
    '/.hidden/x',
    '/a/..',
    '/postdetail/7b0c/#comment-1',
    '/tags/%D8%B3%D9%81%D8%B1',
    '/tags/سفر',
    '/a/./b/../c',
    '//elsewhere.example/x',
    '/with space',
    '/back\\slash',
    'relative/path',
    'https://cdn.example/media/x.webp',
    '/',
    "/x?a='b'",
  ])('makes %s what new URL makes', (path) => {
    expect(absoluteUrl(path, publicUrl)).toBe(new URL(path, publicUrl).toString());
    expect(absoluteUrl(path, 'http://localhost:3000')).toBe(
      new URL(path, 'http://localhost:3000').toString(),
    );
  });
});

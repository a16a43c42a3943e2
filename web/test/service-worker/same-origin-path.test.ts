import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../src/service-worker/same-origin-path.ts';

// A reminder's tap may open only a page of this site, however its URL is written.

const ORIGIN = 'https://energy.example';

describe('sameOriginPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sameOriginPath('/?focus=activity', ORIGIN)).toBe('/?focus=activity');
    expect(sameOriginPath('/insights#week', ORIGIN)).toBe('/insights#week');
    expect(sameOriginPath(`${ORIGIN}/history`, ORIGIN)).toBe('/history');
  });

  it.each([
    '/\\evil.example',
    '\\\\evil.example',
    '//evil.example/',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'http://energy.example/',
  ])('refuses %j, which leads to another origin', (url) => {
    expect(sameOriginPath(url, ORIGIN)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(sameOriginPath(undefined, ORIGIN)).toBeNull();
    expect(sameOriginPath({ href: '/' }, ORIGIN)).toBeNull();
  });
});

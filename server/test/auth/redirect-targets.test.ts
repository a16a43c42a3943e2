import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';

// Where a browser-redirect endpoint may send someone (ADR 024): the site's
// exact origin, or a configured URL; anything else falls back to the site.

const server = await serverForFile({
  SITE_URL: 'https://energy.example',
  ADDITIONAL_REDIRECT_URLS: 'https://app.other.example/**',
});

/** Where /verify's button sends the browser back to (with an error: the token is unknown). */
async function landing(redirectTo: string): Promise<string> {
  const query = new URLSearchParams({ token: 'unknown', type: 'signup', redirect_to: redirectTo });
  const res = await fetch(`${server.url}/auth/v1/verify?${query.toString()}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location') ?? '');
  return location.origin + location.pathname;
}

describe('redirect targets', () => {
  it('goes to a path on the site or a configured URL', async () => {
    expect(await landing('https://energy.example/auth/callback')).toBe(
      'https://energy.example/auth/callback',
    );
    expect(await landing('https://app.other.example/done')).toBe('https://app.other.example/done');
  });

  it('never to another port, scheme or host, even the same host name', async () => {
    for (const target of [
      'https://energy.example:8443/steal',
      'http://energy.example/steal',
      'https://energy.example.evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(await landing(target), target).toBe('https://energy.example/');
    }
  });
});

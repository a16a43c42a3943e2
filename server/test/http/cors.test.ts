import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { withTestServer } from '../helpers/test-server.ts';

// Only the site and the front ends named in ADDITIONAL_REDIRECT_URLS may read
// our answers from a browser (ADR 024); any other page gets no CORS headers.

const server = await serverForFile({
  SITE_URL: 'https://energy.example',
  ADDITIONAL_REDIRECT_URLS: 'https://app.other.example/welcome,https://*.preview.example/**',
});

function preflight(origin: string): Promise<Response> {
  return fetch(`${server.url}/rest/v1/user_answers`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'authorization,apikey,content-type,prefer',
    },
  });
}

describe('CORS', () => {
  it('lets the site and the configured front ends use every verb the APIs need', async () => {
    for (const origin of [
      'https://energy.example',
      'https://app.other.example',
      'https://pr-7.preview.example',
    ]) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      for (const verb of ['PUT', 'PATCH', 'DELETE']) {
        expect(res.headers.get('access-control-allow-methods')).toContain(verb);
      }
      expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
    }
  });

  it("lets the site read the server's Date, by which the web app corrects a wrong device clock", async () => {
    const res = await fetch(`${server.url}/rest/v1/`, {
      headers: { origin: 'https://energy.example' },
    });
    expect(res.headers.get('date')).toBeTruthy();
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
    expect(exposed).toContain('Date');
  });

  it('gives any other origin nothing to read, a look-alike port or host included', async () => {
    for (const origin of [
      'https://evil.example',
      'https://energy.example:8443',
      'http://energy.example',
      'https://energy.example.evil.example',
      'https://a.b.preview.example',
      'null',
    ]) {
      const res = await fetch(`${server.url}/auth/v1/settings`, {
        headers: { origin, apikey: server.anonKey },
      });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const pre = await preflight(origin);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('without SITE_URL, trusts only the origin the request reached', async () => {
    await withTestServer({}, async (local) => {
      const own = await fetch(`${local.url}/auth/v1/settings`, {
        headers: { origin: local.url, apikey: local.anonKey },
      });
      expect(own.headers.get('access-control-allow-origin')).toBe(local.url);
      const other = await fetch(`${local.url}/auth/v1/settings`, {
        headers: { origin: 'https://energy.example', apikey: local.anonKey },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});

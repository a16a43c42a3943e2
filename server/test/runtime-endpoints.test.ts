import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/test-server.ts';
import { serverForFile } from './helpers/server-for-file.ts';

const server = await serverForFile();

describe('runtime endpoints', () => {
  it('answers /health with ok while the database answers', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves /config.json with the anon key and feature flags', async () => {
    const res = await fetch(`${server.url}/config.json`);
    const body = await res.json();
    expect(body).toEqual({
      supabaseUrl: server.url,
      supabaseAnonKey: expect.any(String),
      googleEnabled: false,
      passwordRecovery: false,
      supportEmail: expect.stringContaining('@'),
      reminders: { email: false },
      // No VAPID keys in the test server's environment (ADR 043).
      webPush: null,
    });
    const [, payload] = body.supabaseAnonKey.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      role: 'anon',
      iss: 'energy-tracker',
    });
  });

  it('refuses API calls without an apikey, in the gateway wording', async () => {
    const res = await fetch(`${server.url}/rest/v1/pages`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('refuses API calls with a forged apikey', async () => {
    const forged = server.anonKey.slice(0, -4) + 'AAAA';
    const res = await fetch(`${server.url}/rest/v1/pages`, { headers: { apikey: forged } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('sends security headers', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const broken = await startTestServer();
    await broken.database.db.close();
    try {
      const res = await fetch(`${broken.url}/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await broken.app.close();
      await broken.database.drop().catch(() => {});
    }
  });
});

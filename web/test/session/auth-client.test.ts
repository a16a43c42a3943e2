import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createAuthClient } from '../../src/session/auth-client.ts';
import { createDataClient } from '../../src/session/data-client.ts';
import type { RuntimeConfig } from '../../src/session/runtime-config.ts';

const config = (supabaseUrl: string): RuntimeConfig => ({
  supabaseUrl,
  supabaseAnonKey: 'anon-key',
  googleEnabled: false,
  passwordRecovery: false,
  supportEmail: 'support@example.test',
});

// What supabase-js keeps private; reading it is the only way to compare.
const storageKeyOf = (client: object) => (client as { storageKey?: unknown }).storageKey;
const urlOf = (client: object) => (client as { url?: unknown }).url;

describe('the auth client (docs/decisions/027)', () => {
  it.each([
    'http://127.0.0.1:3000',
    'https://abcdefgh.supabase.co/',
    'https://journal.example.org',
  ])('keeps the session where supabase-js kept it, at %s', (supabaseUrl) => {
    const auth = createAuthClient(config(supabaseUrl));
    const full = createClient(supabaseUrl, 'anon-key');
    onTestFinished(() => {
      auth.dispose();
      full.auth.dispose();
    });
    expect(storageKeyOf(auth)).toBe(storageKeyOf(full.auth));
    expect(urlOf(auth)).toBe(urlOf(full.auth));
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => createAuthClient(config('ftp://example.org'))).toThrow(/Invalid supabaseUrl/);
  });

  it('is the only auth client: the data client has none of its own', () => {
    const auth = createAuthClient(config('http://127.0.0.1:3000'));
    onTestFinished(() => auth.dispose());
    const data = createDataClient(config('http://127.0.0.1:3000'), auth);
    expect(() => data.auth.getSession()).toThrow(/accessToken option/);
  });
});

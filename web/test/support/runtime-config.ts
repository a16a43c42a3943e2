import { inject } from 'vitest';
import type { RuntimeConfig } from '../../src/session/runtime-config.ts';
import './provided-context.ts';

export const SUPPORT_EMAIL = 'support@example.test';

/** What /config.json of the test server would tell the app, with Google sign-in off. */
export function testRuntimeConfig(): RuntimeConfig {
  return {
    supabaseUrl: inject('supabaseUrl'),
    supabaseAnonKey: inject('supabaseAnonKey'),
    googleEnabled: false,
    passwordRecovery: false,
    supportEmail: SUPPORT_EMAIL,
  };
}

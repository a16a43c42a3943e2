import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config.ts';

/**
 * The app's one Supabase client. PKCE keeps auth codes, not tokens, in
 * redirect URLs; the session is kept in localStorage under a key derived from
 * the backend host, and refreshed automatically.
 */
export function createSupabaseClient(config: RuntimeConfig): SupabaseClient {
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  });
}

import type { User } from '@supabase/supabase-js';

/**
 * Whether the account signs in with a password. An account made with Google
 * alone has no e-mail identity: it proves a fresh sign-in through Google, and
 * confirms deletion with its address instead.
 */
export function hasPassword(user: User): boolean {
  if (user.identities) return user.identities.some((identity) => identity.provider === 'email');
  const providers = user.app_metadata['providers'];
  return !Array.isArray(providers) || providers.includes('email');
}

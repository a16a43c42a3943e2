import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { errorMessage, NO_CONNECTION_TEXT } from '../../src/lib/error-message.ts';

// Nothing listens on port 1: every request fails without an answer, as it
// does offline.
const UNREACHABLE = 'http://127.0.0.1:1';

describe('errorMessage', () => {
  it('says the device is offline or the server unreachable when supabase-js got no answer', async () => {
    const client = createClient(UNREACHABLE, 'anon-key', { auth: { persistSession: false } });
    const read = await client.from('user_answers').select('answer');
    expect(read.error).not.toBeNull();
    expect(errorMessage(read.error)).toBe(NO_CONNECTION_TEXT);

    const signIn = await client.auth.signInWithPassword({
      email: 'someone@example.com',
      password: 'a password',
    });
    expect(signIn.error?.name).toBe('AuthRetryableFetchError');
    expect(errorMessage(signIn.error)).toBe(NO_CONNECTION_TEXT);
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])(
    'reads the browsers’ words for no answer ("%s") the same way',
    (words) => {
      expect(errorMessage(new TypeError(words))).toBe(NO_CONNECTION_TEXT);
      expect(errorMessage({ message: `TypeError: ${words}`, code: '' })).toBe(NO_CONNECTION_TEXT);
    },
  );

  it('passes every answer of the server on as it was written', () => {
    expect(errorMessage({ message: 'Page not found' })).toBe('Page not found');
    expect(errorMessage(new Error('Failed to fetch the questions from the cache'))).toBe(
      'Failed to fetch the questions from the cache',
    );
  });
});

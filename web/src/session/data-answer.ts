import type { PostgrestError } from '@supabase/supabase-js';

/** What a supabase-js data API call settles to: its data, or the error in its place. */
type Answer<T> = { data: T; error: null } | { data: null; error: PostgrestError };

/**
 * The data of a data API call (a select, an rpc), or its error thrown: how
 * every query function reads its answer, so that a refusal reaches React
 * Query, and the screen, as the server's own error.
 */
export async function dataOf<T>(call: PromiseLike<Answer<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) throw error;
  return data;
}

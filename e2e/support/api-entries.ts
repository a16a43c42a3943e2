import { createClient } from '@supabase/supabase-js';
import { PASSWORD } from './app-steps.ts';

/** An entry as the import_entries function takes it, with its own time. */
export interface ApiEntry {
  created_at: string;
  activity: string;
  energy: number;
  engagement?: number;
  flow_state?: boolean;
  notes?: string | null;
  tags?: string[];
}

/**
 * Writes entries at chosen times for a signed-up person through the data API,
 * as the app's Import does (the Track form only logs the present or the past
 * hours).
 */
export async function addEntriesThroughApi(
  url: string,
  email: string,
  entries: ApiEntry[],
): Promise<void> {
  const client = await signedInClient(url, email);
  const { error: importError } = await client.rpc('import_entries', {
    entries: entries.map((e) => ({
      engagement: 50,
      flow_state: false,
      notes: null,
      ...e,
    })),
  });
  if (importError) throw importError;
  await client.auth.signOut();
}

async function signedInClient(url: string, email: string) {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const client = createClient(url, supabaseAnonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

/** The person's entries as the `activities` view holds them, oldest first: activity and tags. */
export async function storedTagsThroughApi(
  url: string,
  email: string,
): Promise<Array<{ activity: string; tags: string[] }>> {
  return (await storedEntriesThroughApi(url, email)).map(({ activity, tags }) => ({
    activity,
    tags,
  }));
}

/** An entry as the `activities` view holds it, without its time. */
export type StoredEntry = Required<Omit<ApiEntry, 'created_at'>>;

/** The person's entries as the `activities` view holds them, oldest first. */
export async function storedEntriesThroughApi(url: string, email: string): Promise<StoredEntry[]> {
  const client = await signedInClient(url, email);
  const { data, error } = await client
    .from('activities')
    .select('activity, energy, engagement, flow_state, notes, tags')
    .order('created_at', { ascending: true });
  if (error) throw error;
  await client.auth.signOut();
  return data as StoredEntry[];
}

import { createClient } from '@supabase/supabase-js';
import type { Page, Request, Response } from 'playwright-core';
import { PASSWORD } from './app-steps.ts';

// Three years of journal (20,000 entries) for one person, and what the
// Insights tab shows of it: the long-journal system test and the bench's
// Insights figure (scripts/measure-insights-tab.ts) use both.
export const LONG_JOURNAL_ENTRIES = 20_000;
const BATCH = 1000;
const NAMES = ['Deep work', 'Running', 'Meetings', 'Reading', 'Cooking', 'Commute', 'Calls'];

/** Three years of entries, one every ~79 minutes, imported as the app's Import does. */
export async function importLongJournal(url: string, email: string): Promise<void> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const client = createClient(url, supabaseAnonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  const start = Date.now() - LONG_JOURNAL_ENTRIES * 4_733_000;
  for (let first = 0; first < LONG_JOURNAL_ENTRIES; first += BATCH) {
    const entries = Array.from({ length: BATCH }, (_, k) => {
      const i = first + k;
      return {
        created_at: new Date(start + i * 4_733_000).toISOString(),
        activity: NAMES[i % NAMES.length],
        energy: ((i % NAMES.length) * 15 + ((i * 37) % 21)) % 101,
        engagement: (i * 53) % 101,
        flow_state: i % 3 === 0,
        notes: null,
      };
    });
    const { error: importError } = await client.rpc('import_entries', { entries });
    if (importError) throw importError;
  }
}

/** Matches the Insights call's response for a period (null: all time), whatever its status. */
const insightsCall = (days: number | null) => (response: Response) =>
  response.url().includes('/rest/v1/rpc/insights') &&
  (response.request().postDataJSON() as { period_days: number | null }).period_days === days;

/**
 * Waits for the Insights call of a period (null: all time), made by `action`
 * or already on its way, and fails with its status and body unless it
 * answered 200: a refused call then says why instead of running out of
 * time. Over 20,000 entries on a loaded machine the call can take seconds,
 * so the wait only bounds a hang.
 */
export async function insightsAnswered(
  page: Page,
  days: number | null,
  action: () => Promise<unknown> = async () => {},
): Promise<void> {
  // What the page sent meanwhile, for the error if no answer comes.
  const sent: string[] = [];
  const note = (request: Request) => {
    if (request.url().includes('/rest/v1/rpc/insights')) sent.push(request.postData() ?? '');
  };
  page.on('request', note);
  const [response] = await Promise.all([
    page.waitForResponse(insightsCall(days), { timeout: 60_000 }).catch((err: Error) => {
      throw new Error(
        `No answer to Insights for ${days ?? 'all time'}; the page sent ${JSON.stringify(sent)}`,
        { cause: err },
      );
    }),
    action(),
  ]).finally(() => page.off('request', note));
  if (!response.ok()) {
    throw new Error(
      `Insights for ${days ?? 'all time'} answered ${response.status()}: ${await response.text()}`,
    );
  }
}

/** The name of the first energizer, once the rankings show. */
export async function firstEnergizer(page: Page): Promise<string> {
  const row = page.getByRole('region', { name: 'Energizers', exact: true }).getByRole('button');
  await row.first().waitFor();
  return (await row.first().innerText()).split('\n')[0]!.trim();
}

/** Opens 'All time' on the Insights tab and waits for its rankings. */
export async function chooseAllTime(page: Page): Promise<string> {
  await insightsAnswered(page, null, () => page.locator('label', { hasText: 'All time' }).click());
  return firstEnergizer(page);
}

import { createClient } from '@supabase/supabase-js';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, PASSWORD, signUp, uniqueEmail } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';

// The Insights tab for someone with three years of journal (20,000 entries):
// from choosing the tab, and from choosing 'All time', to the rankings shown.
// The goal is 300 ms; the bound asserted here leaves room for a busy shared
// machine, and the measured figures are printed for the record.

const ENTRIES = 20_000;
const BATCH = 1000;
const NAMES = ['Deep work', 'Running', 'Meetings', 'Reading', 'Cooking', 'Commute', 'Calls'];
const BOUND_MS = 1500;

/** Three years of entries, one every ~79 minutes, imported as the app's Import does. */
async function importJournal(url: string, email: string): Promise<void> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const client = createClient(url, supabaseAnonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  const start = Date.now() - ENTRIES * 4_733_000;
  for (let first = 0; first < ENTRIES; first += BATCH) {
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

const insightsAnswered = (days: number | null) => (response: Response) =>
  response.url().includes('/rest/v1/rpc/insights') &&
  response.ok() &&
  (response.request().postDataJSON() as { period_days: number | null }).period_days === days;

async function firstEnergizer(page: Page): Promise<string> {
  const row = page.getByRole('region', { name: 'Energizers', exact: true }).getByRole('button');
  await row.first().waitFor();
  return (await row.first().innerText()).split('\n')[0]!.trim();
}

describe.skipIf(skipBrowserTests)('Insights for a long journal', () => {
  const app = useApp();

  it(`shows the rankings within ${BOUND_MS} ms of choosing the tab and 'All time'`, async () => {
    const { page } = await app.newUser();
    const email = uniqueEmail('long-journal');
    await signUp(page, email);
    await importJournal(app.url, email);
    await page.reload();
    await page.getByRole('heading', { name: 'Track Activity', level: 1 }).waitFor();
    // A person looks at Track for a moment; meanwhile the app fetches the
    // Insights code and the default period's numbers ahead.
    await page.waitForResponse(insightsAnswered(30));

    let started = performance.now();
    await openTab(page, 'Insights');
    expect(await firstEnergizer(page)).toBeTruthy();
    const tabMs = performance.now() - started;

    started = performance.now();
    const allTime = page.waitForResponse(insightsAnswered(null));
    await page.locator('label', { hasText: 'All time' }).click();
    await allTime;
    expect(await firstEnergizer(page)).toBeTruthy();
    const allTimeMs = performance.now() - started;

    console.log(
      `${ENTRIES} entries: Insights tab to rankings ${Math.round(tabMs)} ms, ` +
        `'All time' to rankings ${Math.round(allTimeMs)} ms`,
    );
    expect(tabMs).toBeLessThan(BOUND_MS);
    expect(allTimeMs).toBeLessThan(BOUND_MS);
  }, 180_000);
});

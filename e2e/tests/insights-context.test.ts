import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, PASSWORD, signUp, uniqueEmail } from '../support/app-steps.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { writeArtifact } from '../support/artifacts.ts';

// What goes with more energy, and with more engagement (docs/decisions/039):
// the Insights sections in plain sentences, for a journal brought in by
// Import as a person with some history would have it.

interface Imported {
  activity: string;
  energy: number;
  engagement: number;
  tags?: string[];
}

// Painting 80, 90, 70 (mean 80, s² 100) against the 6 others (20 30 40 60
// 60 60: mean 45, s² 350): difference 35, SE = √(100/3 + 350/6) = 9.57,
// Welch ν = 6.63, t = 2.40, interval 12.95 to 57.05 → "13 to 57".
// Meetings 20, 30, 40 (mean 30) against 80 90 70 60 60 60 (mean 70, s² 140):
// difference −40, SE 7.07, ν 5.16, t 2.55 → −59.73 to −20.27 → "20 to 60".
// The tag outside (newest spelling of Outside), on 80 90 70 60 (mean 75,
// s² 166.67) against 20 30 60 40 60 (mean 42, s² 320): difference 33,
// SE 10.28, ν 6.97, t 2.37 → 8.67 to 57.33 → "9 to 57".
const JOURNAL: Imported[] = [
  { activity: 'Painting', energy: 80, engagement: 70, tags: ['outside'] },
  { activity: 'Meetings', energy: 20, engagement: 60 },
  { activity: 'Walk', energy: 60, engagement: 50 },
  { activity: 'Painting', energy: 90, engagement: 40, tags: ['Outside'] },
  { activity: 'Meetings', energy: 30, engagement: 60 },
  { activity: 'Walk', energy: 60, engagement: 70, tags: ['outside'] },
  { activity: 'Painting', energy: 70, engagement: 60, tags: ['outside'] },
  { activity: 'Meetings', energy: 40, engagement: 50 },
  { activity: 'Walk', energy: 60, engagement: 60 },
];

async function importJournal(url: string, email: string): Promise<void> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const client = createClient(url, supabaseAnonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  const now = Date.now();
  const entries = JOURNAL.map((e, i) => ({
    ...e,
    created_at: new Date(now - (i + 1) * 3_600_000).toISOString(),
    flow_state: false,
    notes: null,
  }));
  const { error: importError } = await client.rpc('import_entries', { entries });
  if (importError) throw importError;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe.skipIf(skipBrowserTests)('Insights: what goes with more energy', () => {
  const app = useApp();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await app.newUser());
    const email = uniqueEmail('insights-context');
    await signUp(page, email);
    await openTab(page, 'Insights');
    // Before any entry: the sections say what they need.
    await section(page, 'What goes with more energy')
      .getByText('Not enough data yet:', { exact: false })
      .waitFor();
    await importJournal(app.url, email);
    await page.reload();
  });

  it('writes the comparisons as sentences, clear differences first', async () => {
    const energy = section(page, 'What goes with more energy');
    const items = energy.getByRole('listitem');
    await items.first().waitFor();
    const sentences = await items.allInnerTexts();
    // Larger differences first: Meetings (40 lower), Painting (35 higher),
    // the tag outside (33 higher).
    expect(sentences.slice(0, 3)).toEqual([
      'Your energy was 40 points lower on entries of Meetings (3 entries with, 6 without; 95% interval 20 to 60).',
      'Your energy was 35 points higher on entries of Painting (3 entries with, 6 without; 95% interval 13 to 57).',
      'Your energy was 33 points higher on entries tagged outside (4 entries with, 5 without; 95% interval 9 to 57).',
    ]);
    const engagement = section(page, 'What goes with more engagement');
    // Differences whose interval includes zero are folded away, still there.
    expect(await engagement.textContent()).toMatch(/Your engagement was .* on entries of /);
    // The method is stated with the rest.
    await section(page, 'How these numbers are calculated')
      .getByText('What goes with more energy compares', { exact: false })
      .waitFor();
  });

  it('is axe-clean light and dark, and fits 320 px', async () => {
    // Open the folded lists too, so that their sentences are checked as well.
    for (const name of ['What goes with more energy', 'What goes with more engagement']) {
      for (const summary of await section(page, name).locator('summary').all()) {
        await summary.click();
      }
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await writeArtifact(
        `screens/insights-context-390${scheme === 'dark' ? '-dark' : ''}.png`,
        await section(page, 'What goes with more energy').screenshot(),
      );
    }
    await page.emulateMedia({ colorScheme: 'light' });
    const { scrollWidth, sticksOut } = await horizontalOverflow(page, 320);
    expect(scrollWidth, `wider than the screen: ${sticksOut.join(', ')}`).toBeLessThanOrEqual(320);
  });
});

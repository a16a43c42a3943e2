import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, PASSWORD, signUp, uniqueEmail } from '../support/app-steps.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { writeArtifact } from '../support/artifacts.ts';

// What goes with more energy, and with more engagement, and What to try
// (docs/decisions/083): the Insights sections in plain sentences, for a
// journal brought in by Import as a person with some history would have it.

interface Imported {
  activity: string;
  energy: number;
  engagement: number;
  tags?: string[];
  /** Days before today, and the local hour. */
  day: number;
  hour: number;
}

// Four days; energy is the day's level plus Painting's +20 and Meetings'
// −15, whatever the hour; the tag outside (on Painting and twice on Walk)
// does nothing. The model fits it exactly: against the typical activity
// (Walk and Email, 0) Painting is 20 more and Meetings 15 less, each
// interval a point; outside is 0. Engagement is 60 everywhere.
const LEVELS = [40, 55, 50, 60];
const JOURNAL: Imported[] = LEVELS.flatMap((level, d) => [
  {
    activity: 'Painting',
    energy: level + 20,
    engagement: 60,
    tags: ['outside'],
    day: 4 - d,
    hour: 7 + d,
  },
  {
    activity: 'Walk',
    energy: level,
    engagement: 60,
    day: 4 - d,
    hour: 16 - 2 * d,
    ...(d % 2 ? { tags: ['Outside'] } : {}),
  },
  { activity: 'Email', energy: level, engagement: 60, day: 4 - d, hour: 12 + ((3 * d) % 5) },
  { activity: 'Meetings', energy: level - 15, engagement: 60, day: 4 - d, hour: 9 + ((5 * d) % 7) },
]);

async function importJournal(url: string, email: string): Promise<void> {
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const client = createClient(url, supabaseAnonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  const entries = JOURNAL.map(({ day, hour, ...e }, i) => {
    const at = new Date();
    at.setDate(at.getDate() - day);
    at.setHours(hour, i % 60, 0, 0);
    return { ...e, created_at: at.toISOString(), flow_state: false, notes: null };
  });
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

  it('writes the comparisons as sentences, clear differences first, and what to try', async () => {
    const energy = section(page, 'What goes with more energy');
    const items = energy.getByRole('listitem');
    await items.first().waitFor();
    const sentences = await items.allInnerTexts();
    expect(sentences.slice(0, 2)).toEqual([
      'Painting: 20 points more energy than your typical activity at the same time of day (95% interval 20 to 20; 4 entries on 4 days).',
      'Meetings: 15 points less energy than your typical activity at the same time of day (95% interval 15 to 15; 4 entries on 4 days).',
    ]);
    // The rest is folded away, still there: the tag rides on Painting but
    // does nothing once Painting is held fixed (its latest spelling shown).
    expect(await energy.locator('details').textContent()).toMatch(
      /Tagged Outside: about the same energy as entries without it/,
    );
    const toTry = section(page, 'What to try');
    expect(await toTry.getByRole('listitem').allInnerTexts()).toEqual([
      'Do more of Painting: 20 points more energy than your typical activity at the same time of day (95% interval 20 to 20; 4 entries on 4 days).',
      'Try less of Meetings: 15 points less energy than your typical activity at the same time of day (95% interval 15 to 15; 4 entries on 4 days).',
    ]);
    // The method is stated with the rest.
    await section(page, 'How these numbers are calculated')
      .getByText('What goes with more energy compares entries within the same day', {
        exact: false,
      })
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

import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, saveActivity, signUp, uniqueEmail } from '../support/app-steps.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { listedNames } from '../support/history.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';
import { writeArtifact } from '../support/artifacts.ts';

const SETTLE = { timeout: 5_000, interval: 100 };

/** The names listed under one of the Insights headings, in order. */
async function rowsUnder(page: Page, heading: 'Energizers' | 'Drainers'): Promise<string[]> {
  const section = page.getByRole('region', { name: heading, exact: true });
  const buttons = section.getByRole('listitem').getByRole('button');
  return (await buttons.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

/** The answered insights call for one period (POST, so its days are in the body). */
function insightsCall(days: number | null) {
  return (response: Response) =>
    response.url().includes('/rest/v1/rpc/insights') &&
    response.ok() &&
    (response.request().postDataJSON() as { period_days: number | null }).period_days === days;
}

/** Clicks a period as a person does (its label) and checks the radio button took it. */
async function choosePeriod(page: Page, label: string): Promise<void> {
  await page.locator('label', { hasText: label }).click();
  expect(await page.getByRole('radio', { name: label }).isChecked()).toBe(true);
}

describe.skipIf(skipBrowserTests)('Insights', () => {
  const app = useApp();
  let page: Page;

  beforeAll(async () => {
    ({ page } = await app.newUser());
    await signUp(page, uniqueEmail('insights'));
  });

  it('says there is nothing yet and offers Track to a person with no entries', async () => {
    await openTab(page, 'Insights');
    await page.getByText('No entries in this period.').waitFor();
    expect(await rowsUnder(page, 'Energizers')).toEqual([]);
    await page.getByRole('button', { name: 'Track an activity' }).click();
    await page.getByRole('heading', { name: 'Track Activity', level: 1 }).waitFor();
  });

  it('ranks logged activities into Energizers and Drainers, grouping spellings', async () => {
    await openTab(page, 'Track');
    for (const activity of ['deep work', 'Deep  work', 'Deep work']) {
      await saveActivity(page, { activity, energy: 80, engagement: 70, flowState: true });
    }
    for (const energy of [20, 30, 10]) {
      await saveActivity(page, { activity: 'Meetings', energy, engagement: 40 });
    }
    await saveActivity(page, { activity: 'Walk', energy: 90, engagement: 20 });
    // Track now suggests the person's own names, most used first, then the most recent.
    const options = page.locator('#track-activity-suggestions option');
    await expect
      .poll(() => options.evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)), SETTLE)
      .toEqual(['Meetings', 'Deep work', 'Walk']);

    const started = Date.now();
    await openTab(page, 'Insights');
    await page.getByRole('region', { name: 'Energizers' }).getByText('Deep work').waitFor();
    console.log(`Insights tab to rankings shown: ${Date.now() - started} ms (7 entries)`);
    expect(await rowsUnder(page, 'Energizers')).toEqual(['Deep work']);
    expect(await rowsUnder(page, 'Drainers')).toEqual(['Meetings']);
    const deep = page.getByRole('region', { name: 'Energizers' }).getByRole('button').first();
    expect(await deep.innerText()).toMatch(
      /80%[\s\S]*3 entries[\s\S]*Engagement 70%[\s\S]*Flow 100%/,
    );
    const meetings = page.getByRole('region', { name: 'Drainers' }).getByRole('button').first();
    // 20, 30, 10: average 20, sd 10, t(2) = 4.303 → ± 25.
    expect(await meetings.innerText()).toMatch(/20%[\s\S]*3 entries[\s\S]*± 25/);
    const needsMore = page.getByRole('region', { name: 'Needs more entries' });
    expect(await needsMore.innerText()).toMatch(/Walk\s*·\s*1 entry/);
    await page.getByText('You logged 7 entries this week').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('follows the period choice', async () => {
    const answered = page.waitForResponse(insightsCall(7));
    await choosePeriod(page, 'Last 7 days');
    await answered;
    expect(await rowsUnder(page, 'Energizers')).toEqual(['Deep work']);
    const allTime = page.waitForResponse(insightsCall(null));
    await choosePeriod(page, 'All time');
    await allTime;
    expect(await rowsUnder(page, 'Drainers')).toEqual(['Meetings']);
    await choosePeriod(page, 'Last 30 days');
  });

  it('is readable light and dark, on a phone and a desktop', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const suffix = scheme === 'dark' ? '-dark' : '';
      await screenshotAtSizes(page, 'insights', { suffix });
      // The whole tab, map and trends included, as a phone scrolls it.
      await writeArtifact(
        `screens/insights-full-390${suffix}.png`,
        await page.screenshot({ fullPage: true }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('opens Look Back filtered to the chosen activity', async () => {
    await page.getByRole('region', { name: 'Energizers' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: 'Activity History', level: 1 }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Activity' }).inputValue()).toBe('Deep work');
    await expect
      .poll(() => listedNames(page), SETTLE)
      .toEqual(['Deep work', 'Deep  work', 'deep work']);
    // The filter is the database's grouping: any case and spacing finds the same.
    await page.getByRole('searchbox', { name: 'Activity' }).fill('  MEETINGS ');
    await expect
      .poll(() => listedNames(page), SETTLE)
      .toEqual(['Meetings', 'Meetings', 'Meetings']);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

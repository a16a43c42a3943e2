import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addEntriesThroughApi } from '../support/api-entries.ts';
import { useApp } from '../support/app-harness.ts';
import { openTab, trackHeading } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';

// Track's "On this day" card (docs/product.md, Track). Every test context
// runs in UTC, so a local day here is a UTC day.

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Today's date a year (or a month) back, as the card counts it: a missing date is the month's last. */
function sameDateBack(months: number): string {
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return `${utcDay(target).slice(0, 8)}${pad(Math.min(now.getUTCDate(), last))}`;
}

const card = (page: Page) => page.getByRole('region', { name: 'On this day' });

async function cardLines(page: Page): Promise<string[]> {
  return (await card(page).getByRole('listitem').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );
}

/** Track shown, and every request it starts answered: the card had its chance. */
async function trackSettled(page: Page): Promise<void> {
  await page.goto('/');
  await trackHeading(page).waitFor();
  await page.waitForLoadState('networkidle');
}

describe.skipIf(skipBrowserTests)('On this day', () => {
  const app = useApp();

  it('lists what was logged a year ago today, and nothing from the days around it', async () => {
    const { page, email } = await app.signedUpOnTrack('on-this-day-year');
    const yearAgo = sameDateBack(12);
    const dayBefore = utcDay(new Date(Date.parse(yearAgo) - DAY_MS));
    const dayAfter = utcDay(new Date(Date.parse(yearAgo) + DAY_MS));
    await addEntriesThroughApi(app.url, email, [
      { created_at: `${yearAgo}T08:30:00Z`, activity: 'Morning run', energy: 80 },
      { created_at: `${yearAgo}T19:05:00Z`, activity: 'Late dinner', energy: 40 },
      { created_at: `${dayBefore}T23:59:00Z`, activity: 'Day before', energy: 10 },
      { created_at: `${dayAfter}T00:00:00Z`, activity: 'Day after', energy: 10 },
      // A month ago too: with a year-old journal, only the year counts.
      { created_at: `${sameDateBack(1)}T12:00:00Z`, activity: 'Month ago', energy: 60 },
    ]);

    await trackSettled(page);
    await card(page).waitFor();
    expect(await card(page).innerText()).toContain('A year ago');
    expect(await cardLines(page)).toEqual([
      '8:30 AM Morning run Energy 80%',
      '7:05 PM Late dinner Energy 40%',
    ]);
    await expectAxeCleanLightAndDark(page);
    // Logging still comes first: the card is below the form.
    const form = await page.locator('form').boundingBox();
    const below = await card(page).boundingBox();
    expect(below!.y).toBeGreaterThan(form!.y + form!.height);
  });

  it('looks back a month while the journal is younger than a year', async () => {
    const { page, email } = await app.signedUpOnTrack('on-this-day-month');
    await addEntriesThroughApi(app.url, email, [
      { created_at: `${sameDateBack(1)}T10:15:00Z`, activity: 'Piano lesson', energy: 90 },
    ]);
    await trackSettled(page);
    await card(page).waitFor();
    expect(await card(page).innerText()).toContain('A month ago');
    expect(await cardLines(page)).toEqual(['10:15 AM Piano lesson Energy 90%']);
  });

  it('shows no card when there is nothing from those days', async () => {
    const { page, email } = await app.signedUpOnTrack('on-this-day-none');
    await addEntriesThroughApi(app.url, email, [
      // Older than a year, but not on this date: the year has nothing, and
      // the journal is old enough that a month ago is not asked.
      {
        created_at: `${utcDay(new Date(Date.parse(sameDateBack(12)) - 3 * DAY_MS))}T10:00:00Z`,
        activity: 'Long ago',
        energy: 50,
      },
      { created_at: `${sameDateBack(1)}T10:15:00Z`, activity: 'Month ago', energy: 90 },
    ]);
    await trackSettled(page);
    await openTab(page, 'Look Back');
    await page.getByText('Long ago').waitFor();
    await openTab(page, 'Track');
    await page.waitForLoadState('networkidle');
    expect(await card(page).count()).toBe(0);
  });
});

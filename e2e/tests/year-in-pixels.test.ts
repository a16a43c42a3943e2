import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEntriesThroughApi } from '../support/api-entries.ts';
import { useApp } from '../support/app-harness.ts';
import { openTab } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { listedNames } from '../support/history.ts';
import { pressTimes, tabTo } from '../support/keyboard.ts';
import { expectFits } from '../support/layout.ts';

// Insights' "Year in pixels" (docs/product.md, Insights). Test contexts are
// in UTC with the en-US locale, so days are UTC days named like "March 14, 2026".

const YEAR = new Date().getUTCFullYear();
const section = (page: Page) => page.getByRole('region', { name: 'Year in pixels' });
const square = (page: Page, label: string) =>
  section(page).getByRole('button', { name: label, exact: true });

describe.skipIf(skipBrowserTests)('Year in pixels', () => {
  const app = useApp();
  let page: Page;
  let email: string;

  beforeAll(async () => {
    ({ page, email } = await app.signedUpOnTrack('pixels'));
    await addEntriesThroughApi(app.url, email, [
      { created_at: `${YEAR}-01-05T09:00:00Z`, activity: 'Errands', energy: 20 },
      { created_at: `${YEAR}-01-14T09:00:00Z`, activity: 'Deep work', energy: 80 },
      { created_at: `${YEAR}-01-14T18:00:00Z`, activity: 'Walk', energy: 61 },
      { created_at: `${YEAR - 1}-07-01T12:00:00Z`, activity: 'Beach', energy: 95 },
    ]);
  });

  it('colours each day by its average energy and names it for screen readers', async () => {
    await openTab(page, 'Insights');
    await section(page).waitFor();
    // 80 and 61 average 70.5, shown rounded as the database rounds it.
    await square(page, `January 14, ${YEAR}: average energy 71%, 2 entries`).waitFor();
    await square(page, `January 5, ${YEAR}: average energy 20%, 1 entry`).waitFor();
    await square(page, `January 6, ${YEAR}: no entries`).waitFor();
    const days = await section(page).locator('[data-day]').count();
    expect(days).toBe(YEAR % 4 === 0 ? 366 : 365);
    const classes = (label: string) => square(page, label).getAttribute('class');
    expect(await classes(`January 14, ${YEAR}: average energy 71%, 2 entries`)).toContain(
      'bg-amber-600',
    );
    expect(await classes(`January 5, ${YEAR}: average energy 20%, 1 entry`)).toContain(
      'bg-slate-400',
    );
    expect(await classes(`January 6, ${YEAR}: no entries`)).toContain('bg-transparent');
    expect(
      await section(page).getByRole('list', { name: 'Legend: average energy' }).innerText(),
    ).toMatch(/No entries[\s\S]*35% or lower[\s\S]*36–70%[\s\S]*Above 70%/);

    // The previous year, and back; the next year after this one is not offered.
    expect(await section(page).getByRole('button', { name: 'Next year' }).isDisabled()).toBe(true);
    await section(page).getByRole('button', { name: 'Previous year' }).click();
    await square(page, `July 1, ${YEAR - 1}: average energy 95%, 1 entry`).waitFor();
    await section(page).getByRole('button', { name: 'Next year' }).click();
    await square(page, `January 14, ${YEAR}: average energy 71%, 2 entries`).waitFor();
  });

  it('is axe-clean light and dark, and fits 320 px', async () => {
    await expectAxeCleanLightAndDark(page);
    await expectFits(page, 320);
  });

  it('opens Look Back on the day chosen by keyboard, and shows all days again', async () => {
    // One tab stop for the year; Home goes to 1 January, arrows move by day and week.
    const stop = section(page).locator('[data-day][tabindex="0"]');
    await stop.focus();
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, stop, 3);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await pressTimes(page, 'ArrowRight', 6);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `January 14, ${YEAR}: average energy 71%, 2 entries`,
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Activity History', level: 1 }).waitFor();
    await page.getByText(`Showing January 14, ${YEAR}`).waitFor();
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Deep work']);

    // The address names the day: reloading it opens Look Back on that day again.
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(`/?day=${YEAR}-01-14`);
    await page.reload();
    await page.getByText(`Showing January 14, ${YEAR}`).waitFor();
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Deep work']);

    await page.getByRole('button', { name: 'Show all days' }).click();
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Deep work', 'Errands', 'Beach']);
    expect(new URL(page.url()).search).toBe('');
  });

  it("searches only the chosen day's entries, and every day's again once the day is cleared", async () => {
    // "walk" is in a name, in notes, and on the days before and after.
    await addEntriesThroughApi(app.url, email, [
      { created_at: `${YEAR}-01-10T08:00:00Z`, activity: 'Dog walk', energy: 40 },
      {
        created_at: `${YEAR}-01-14T12:00:00Z`,
        activity: 'Lunch',
        energy: 50,
        notes: 'A short walk after',
      },
      { created_at: `${YEAR}-01-20T19:00:00Z`, activity: 'Evening walk', energy: 70 },
    ]);
    await openTab(page, 'Insights');
    await section(page)
      .getByRole('button', { name: new RegExp(`^January 14, ${YEAR}: average energy`) })
      .click();
    await page.getByText(`Showing January 14, ${YEAR}`).waitFor();
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Lunch', 'Deep work']);

    const search = page.getByPlaceholder('Search entries');
    await search.fill('walk');
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Lunch']);
    await search.fill('');
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Lunch', 'Deep work']);

    // The search stays when the day goes: every day's matches.
    await search.fill('walk');
    await expect.poll(() => listedNames(page)).toEqual(['Walk', 'Lunch']);
    await page.getByRole('button', { name: 'Show all days' }).click();
    await expect
      .poll(() => listedNames(page))
      .toEqual(['Evening walk', 'Walk', 'Lunch', 'Dog walk']);
    await search.fill('');
    await expect
      .poll(() => listedNames(page))
      .toEqual(['Evening walk', 'Walk', 'Lunch', 'Deep work', 'Dog walk', 'Errands', 'Beach']);
  });
});

import type { Locator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, saveActivity, signUp, uniqueEmail } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { emptyMessage, listedNames } from '../support/history.ts';
import { pressTimes } from '../support/keyboard.ts';

// Filters apply once a slider has settled (a short debounce) and the server
// has answered, so what the list shows is polled for.
const SETTLE = { timeout: 5_000, interval: 100 };

const ALL = ['Team meeting', 'Deep work', 'Morning run'];

describe.skipIf(skipBrowserTests)('Look Back filters', () => {
  const app = useApp();
  let page: Page;
  let minEnergy: Locator;
  let minEngagement: Locator;
  let flowOnly: Locator;

  const shown = () => listedNames(page);
  const noMatch = () => emptyMessage(page, 'No activities match the filters.').isVisible();

  beforeAll(async () => {
    ({ page } = await app.newUser());
    await signUp(page, uniqueEmail('filters'));
    minEnergy = page.getByRole('slider', { name: 'Min Energy' });
    minEngagement = page.getByRole('slider', { name: 'Min Engagement' });
    flowOnly = page.getByRole('switch', { name: 'Flow State Only' });
  });

  it('says "No activities recorded yet." to a person with none, with or without filters', async () => {
    await openTab(page, 'Look Back');
    await emptyMessage(page, 'No activities recorded yet.').waitFor();

    await page.getByRole('button', { name: 'Filters' }).click();
    // The message already on screen must not pass for the answer: wait for the
    // filtered query, then for the check of whether anything exists at all.
    const answered = Promise.all([
      page.waitForResponse(isActivitiesQuery('flow_state=eq.true')),
      page.waitForResponse(isActivitiesQuery('select=created_at&')),
    ]);
    await flowOnly.focus();
    await page.keyboard.press('Space');
    expect(await flowOnly.getAttribute('aria-checked')).toBe('true');
    // Filters are on and nothing matches, yet the person has recorded nothing at all.
    await answered;
    await emptyMessage(page, 'No activities recorded yet.').waitFor();
    expect(await noMatch()).toBe(false);
  });

  it('Min Energy, Min Engagement and Flow State Only hide and show activities', async () => {
    await openTab(page, 'Track');
    await saveActivity(page, {
      activity: 'Morning run',
      energy: 30,
      engagement: 50,
      notes: 'Felt fresh',
    });
    await saveActivity(page, {
      activity: 'Deep work',
      energy: 90,
      engagement: 80,
      flowState: true,
    });
    await saveActivity(page, { activity: 'Team meeting', energy: 70, engagement: 40 });
    await openTab(page, 'Look Back');
    // The panel (like the tab's state) starts closed with no filter set.
    const filtersButton = page.getByRole('button', { name: 'Filters' });
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(shown, SETTLE).toEqual(ALL);

    await filtersButton.click();
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('true');
    expect(await flowOnly.getAttribute('aria-checked')).toBe('false');
    expect(await minEnergy.getAttribute('aria-valuenow')).toBe('0');

    await minEnergy.focus();
    await page.keyboard.press('End');
    expect(await minEnergy.getAttribute('aria-valuenow')).toBe('100');
    await expect.poll(noMatch, SETTLE).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(shown, SETTLE).toEqual(ALL);

    await pressTimes(page, 'PageUp', 7); // 10 a press
    expect(await minEnergy.getAttribute('aria-valuenow')).toBe('70');
    await expect.poll(shown, SETTLE).toEqual(['Team meeting', 'Deep work']); // 70 counts
    await page.keyboard.press('ArrowRight');
    expect(await minEnergy.getAttribute('aria-valuenow')).toBe('71');
    await expect.poll(shown, SETTLE).toEqual(['Deep work']);
    await page.keyboard.press('Home');
    await expect.poll(shown, SETTLE).toEqual(ALL);

    await minEngagement.focus();
    await pressTimes(page, 'PageUp', 5);
    expect(await minEngagement.getAttribute('aria-valuenow')).toBe('50');
    await expect.poll(shown, SETTLE).toEqual(['Deep work', 'Morning run']);

    await flowOnly.focus();
    await page.keyboard.press('Space');
    await expect.poll(shown, SETTLE).toEqual(['Deep work']);
    await minEngagement.focus();
    await page.keyboard.press('End');
    await expect.poll(noMatch, SETTLE).toBe(true);
    expect(await emptyMessage(page, 'No activities recorded yet.').count()).toBe(0);
    await page.keyboard.press('Home');
    await expect.poll(shown, SETTLE).toEqual(['Deep work']);

    await flowOnly.focus();
    await page.keyboard.press('Space');
    await expect.poll(shown, SETTLE).toEqual(ALL);

    // Closing the panel hides it; the filters it held stay as they were (all off).
    await filtersButton.click();
    expect(await minEnergy.count()).toBe(0);
    expect(await shown()).toEqual(ALL);
  });
});

/** The history query the list makes, with a given filter in its URL. */
function isActivitiesQuery(filter: string) {
  return (response: Response) => {
    const url = response.url();
    return url.includes('/rest/v1/activities?') && url.includes(filter) && response.ok();
  };
}

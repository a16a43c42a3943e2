import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEntriesThroughApi } from '../support/api-entries.ts';
import { useApp } from '../support/app-harness.ts';
import { openTab, pathOf, submitSignIn } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { expectFits } from '../support/layout.ts';

// The weekly review (docs/product.md 10.1) in Chromium: a review saved, saved
// again and reopened, and the next week's check of its plan. Test contexts
// are in UTC, so weeks are UTC weeks. The entries are in the two weeks before
// this one, so that none is in the future whatever day the test runs.

const DAY_MS = 24 * 60 * 60 * 1000;
const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);
const THIS_MONDAY = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
const LAST_MONDAY = THIS_MONDAY - 7 * DAY_MS;
const MONDAY_BEFORE = THIS_MONDAY - 14 * DAY_MS;
const at = (monday: number, days: number) =>
  new Date(monday + days * DAY_MS + 9 * 3600_000).toISOString();
const longDate = (time: number) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(time);

const heading = (page: Page) => page.getByRole('heading', { name: /^Your week: /, level: 1 });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe.skipIf(skipBrowserTests)('the weekly review', () => {
  const app = useApp();
  let page: Page;
  let email: string;

  beforeAll(async () => {
    ({ page, email } = await app.signedUpOnTrack('review'));
    await addEntriesThroughApi(app.url, email, [
      // The week before last: two walks.
      { created_at: at(MONDAY_BEFORE, 0), activity: 'Walk outside', energy: 70 },
      { created_at: at(MONDAY_BEFORE, 3), activity: 'walk outside', energy: 80 },
      // Last week: four walks, email, a flow moment with notes.
      { created_at: at(LAST_MONDAY, 0), activity: 'Walk outside', energy: 90 },
      { created_at: at(LAST_MONDAY, 1), activity: 'Walk outside', energy: 80 },
      { created_at: at(LAST_MONDAY, 2), activity: 'Walk outside', energy: 85 },
      { created_at: at(LAST_MONDAY, 6), activity: 'Walk outside', energy: 85 },
      { created_at: at(LAST_MONDAY, 3), activity: 'Email', energy: 20 },
      {
        created_at: at(LAST_MONDAY, 4),
        activity: 'Painting',
        energy: 95,
        flow_state: true,
        notes: 'lost track of time 🎨',
      },
    ]);
  });

  it('saves a week’s review and checks its plan the week after', async () => {
    // The week before last, by its address: plan more walks.
    await page.goto(`/insights/review/${dayText(MONDAY_BEFORE)}`);
    await heading(page).waitFor();
    expect(await heading(page).innerText()).toBe(
      `Your week: ${longDate(MONDAY_BEFORE)} to ${longDate(MONDAY_BEFORE + 6 * DAY_MS)}`,
    );
    await page.getByRole('combobox', { name: 'Do more of' }).selectOption('Walk outside');
    await page.getByRole('button', { name: 'Save review' }).click();
    await page.getByText('Review saved.').waitFor();

    // From Insights: "Review last week".
    await page.getByRole('button', { name: 'Back to Insights' }).click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/insights');
    await page.getByRole('button', { name: 'Review last week' }).click();
    await heading(page).waitFor();
    expect(pathOf(page)).toBe(`/insights/review/${dayText(LAST_MONDAY)}`);

    const energized = page.getByRole('region', { name: 'What gave you energy' });
    expect(await energized.innerText()).toMatch(
      /Painting\s+average energy 95% · 1 entry, a figure that rests on one entry\s+Walk outside\s+average energy 85% · 4 entries/,
    );
    expect(await page.getByRole('region', { name: 'What drained you' }).innerText()).toContain(
      'Email',
    );
    expect(await page.getByRole('region', { name: 'Flow moments' }).innerText()).toContain(
      'lost track of time 🎨',
    );
    const planned = page.getByRole('region', { name: 'Last week you planned' });
    expect(await planned.innerText()).toContain(
      'Walk outside: 4 entries this week (2 the week before), average energy 85% (75%)',
    );

    // Reflect, save; change, save again: the same week's review is updated.
    await field(page, 'Activities').fill('Long walks, painting\u2028on Friday 🙂');
    await page.getByRole('combobox', { name: 'Do less of' }).selectOption('Email');
    await field(page, 'How').fill('Email twice a day');
    await page.getByRole('button', { name: 'Save review' }).click();
    await page.getByText('Review saved.').waitFor();
    await field(page, 'Environment').fill('Outdoors mostly');
    await page.getByRole('button', { name: 'Save review' }).click();
    await page.getByText('Review saved.').waitFor();

    // Reopened after a reload: what was saved is in the form.
    await page.reload();
    await heading(page).waitFor();
    expect(await field(page, 'Activities').inputValue()).toBe(
      'Long walks, painting\u2028on Friday 🙂',
    );
    expect(await field(page, 'Environment').inputValue()).toBe('Outdoors mostly');

    // Past reviews, newest first; opening one shows its reflections and plan.
    await page.getByRole('button', { name: 'Back to Insights' }).click();
    const past = page.getByRole('list', { name: 'Past reviews' });
    await past.waitFor();
    expect((await past.locator('summary').allInnerTexts()).map((t) => t.trim())).toEqual([
      `Week of ${longDate(LAST_MONDAY)}`,
      `Week of ${longDate(MONDAY_BEFORE)}`,
    ]);
    await past.getByText(`Week of ${longDate(LAST_MONDAY)}`).click();
    const opened = past.locator('details[open]');
    expect(await opened.innerText()).toMatch(/Environment\s+Outdoors mostly/);
    expect(await opened.innerText()).toMatch(/Do less of\s+Email/);
    expect(await opened.innerText()).toMatch(/How\s+Email twice a day/);
  });

  it('is axe-clean light and dark, fits 320 px, and is reached by keyboard', async () => {
    await page.goto(`/insights/review/${dayText(LAST_MONDAY)}`);
    await heading(page).waitFor();
    await page.getByRole('region', { name: 'Last week you planned' }).waitFor();
    await expectAxeCleanLightAndDark(page);
    await expectFits(page, 320);
    // The heading has the focus, so the keyboard starts at the top of the review.
    expect(await heading(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await openTab(page, 'Insights');
    await page.getByRole('button', { name: 'Review this week' }).focus();
    await page.keyboard.press('Enter');
    await heading(page).waitFor();
    expect(pathOf(page)).toBe('/insights/review');
  });

  it('opens /insights/review after signing in, as the reminder links to it', async () => {
    const { page: fresh } = await app.newUser();
    await fresh.goto('/insights/review');
    await fresh.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await submitSignIn(fresh, email);
    await heading(fresh).waitFor();
    expect(pathOf(fresh)).toBe('/insights/review');
    expect(await heading(fresh).innerText()).toBe(
      `Your week: ${longDate(THIS_MONDAY)} to ${longDate(THIS_MONDAY + 6 * DAY_MS)}`,
    );
  });
});

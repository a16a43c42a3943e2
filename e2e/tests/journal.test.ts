import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { expectSavedAndReset, openTab, savedToast, trackForm } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { clickRing, dialValue, dragRing } from '../support/dial.ts';
import { activityList, listTimesBetween, readActivityList } from '../support/history.ts';
import { isFocused, pressTimes, tabTo } from '../support/keyboard.ts';

// One person's journey: three saves, each a different way of working the
// form, then Look Back. The tests run in order and share the person's page.
describe.skipIf(skipBrowserTests)('keeping a journal: Track, then Look Back', () => {
  const app = useApp();
  let page: Page;
  let form: ReturnType<typeof trackForm>;
  let firstSaveAt: Date;

  beforeAll(async () => {
    ({ page } = await app.signedUpOnTrack('journal'));
    form = trackForm(page);
  });

  it('saves an activity set by clicking on the dials', async () => {
    // docs/product.md 2: Save waits for an activity that is not blank once trimmed.
    expect(await form.save.isDisabled()).toBe(true);
    await form.activity.fill('   ');
    expect(await form.save.isDisabled()).toBe(true);
    await form.activity.fill('Morning run');
    expect(await form.save.isDisabled()).toBe(false);

    await clickRing(page, form.energy, 50); // the bottom of the ring
    expect(await dialValue(form.energy)).toBe('50%');
    await page.getByRole('button', { name: 'Reset energy' }).click();
    expect(await dialValue(form.energy)).toBe('0%');
    await clickRing(page, form.energy, 25); // the right-most point
    expect(await dialValue(form.energy)).toBe('25%');
    // The number drawn in the middle of the dial says the same.
    expect(await form.energy.innerText()).toBe('25%');

    await clickRing(page, form.engagement, 50);
    expect(await dialValue(form.engagement)).toBe('50%');
    await clickRing(page, form.engagement, 75); // the left-most point
    await page.getByRole('button', { name: 'Reset engagement' }).click();
    expect(await dialValue(form.engagement)).toBe('0%');
    await clickRing(page, form.engagement, 50);

    await form.notes.fill('Felt fresh');
    firstSaveAt = new Date();
    await form.save.click();
    await expectSavedAndReset(page);
  });

  it('saves one by keyboard alone: Tab, typing, arrows, Home/End, Space and Enter', async () => {
    await tabTo(page, form.activity);
    await page.keyboard.type('Deep work');

    await page.keyboard.press('Tab');
    expect(await isFocused(form.energy)).toBe(true);
    await page.keyboard.press('End');
    expect(await dialValue(form.energy)).toBe('100%');
    await page.keyboard.press('ArrowLeft'); // docs/product.md 5: a step is 10 %
    expect(await dialValue(form.energy)).toBe('90%');

    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('button', { name: 'Reset energy' }))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(form.engagement)).toBe(true);
    await pressTimes(page, 'ArrowRight', 3);
    expect(await dialValue(form.engagement)).toBe('30%');
    await page.keyboard.press('ArrowDown');
    expect(await dialValue(form.engagement)).toBe('20%');
    await page.keyboard.press('Home');
    expect(await dialValue(form.engagement)).toBe('0%');
    await page.keyboard.press('ArrowLeft'); // no lower than 0 %
    expect(await dialValue(form.engagement)).toBe('0%');
    await pressTimes(page, 'ArrowUp', 8);
    expect(await dialValue(form.engagement)).toBe('80%');

    await tabTo(page, form.flowState, 2); // past 'Reset engagement'
    await page.keyboard.press('Space');
    expect(await form.flowState.getAttribute('aria-checked')).toBe('true');

    await page.keyboard.press('Tab');
    expect(await isFocused(form.notes)).toBe(true);
    await page.keyboard.type('No interruptions');
    await page.keyboard.press('Tab'); // the optional Tags field, left empty
    await page.keyboard.press('Tab');
    expect(await isFocused(form.save)).toBe(true);
    await page.keyboard.press('Enter');
    await expectSavedAndReset(page);
  });

  it('saves one set by dragging round the dials, with Space on Save', async () => {
    await form.activity.fill('Team meeting');

    // Dragging on past the top stops at 100 % instead of wrapping round to 0 %.
    await dragRing(page, form.energy, 80, 115);
    expect(await dialValue(form.energy)).toBe('100%');
    await dragRing(page, form.energy, 5, 75);
    expect(await dialValue(form.energy)).toBe('75%');
    await dragRing(page, form.engagement, 10, 40);
    expect(await dialValue(form.engagement)).toBe('40%');

    // A drag leaves the focus on the dial; on from there to Save.
    await tabTo(page, form.save, 5); // past the optional Tags field too
    await page.keyboard.press('Space');
    await expectSavedAndReset(page);
    // docs/product.md 9: the toast clears itself after 3 s.
    await savedToast(page).waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it('Look Back lists the three newest first, each as it was saved', async () => {
    const lastSaveDone = new Date();
    await openTab(page, 'Look Back');
    await activityList(page).waitFor();
    const listed = await readActivityList(page);

    expect(listed.map(({ when: _when, ...shown }) => shown)).toEqual([
      { name: 'Team meeting', energy: '75%', engagement: '40%', flow: false, notes: null },
      {
        name: 'Deep work',
        energy: '90%',
        engagement: '80%',
        flow: true,
        notes: 'No interruptions',
      },
      { name: 'Morning run', energy: '25%', engagement: '50%', flow: false, notes: 'Felt fresh' },
    ]);
    // docs/product.md 2: short month, day, hour and minute of the save.
    const possibleTimes = listTimesBetween(firstSaveAt, lastSaveDone);
    for (const { when } of listed) expect(possibleTimes).toContain(when);
  });
});

import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, saveActivity, trackForm } from '../support/app-steps.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { activityList, listedNames, readActivityList } from '../support/history.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';

// Fixing the journal in Chromium: an entry edited in place in Look Back,
// deleted and brought back with Undo, and one logged in the past from Track.

describe.skipIf(skipBrowserTests)('changing entries', () => {
  const app = useApp();

  it('edits an entry in Look Back, by keyboard, and the list shows the change', async () => {
    const { page } = await app.signedUpOnTrack('edit');
    await saveActivity(page, { activity: 'Emails', energy: 30, engagement: 20 });
    await openTab(page, 'Look Back');
    await page.getByRole('button', { name: 'Edit Emails' }).click();
    const form = page.getByRole('form', { name: 'Edit Emails' });
    await form.waitFor();
    await screenshotAtSizes(page, 'entry-editor');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByLabel('Activity').fill('Deep work');
    await form.getByRole('slider', { name: 'Energy' }).focus();
    await page.keyboard.press('End');
    await form.getByRole('switch', { name: 'Flow State' }).press('Space');
    await form.getByLabel('Notes').fill('Quiet, "finally"');
    await form.getByLabel('When').fill('2025-03-01T07:45');
    await form.getByRole('button', { name: 'Save changes' }).press('Enter');

    await page.getByText('Entry updated').waitFor();
    expect(await readActivityList(page)).toEqual([
      {
        name: 'Deep work',
        when: 'Mar 1, 7:45 AM',
        energy: '100%',
        engagement: '20%',
        flow: true,
        notes: 'Quiet, "finally"',
      },
    ]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Edit Deep work');
  });

  it('deletes an entry and brings it back with Undo', async () => {
    const { page } = await app.signedUpOnTrack('undo');
    await saveActivity(page, { activity: 'Kept', energy: 40, engagement: 40 });
    await saveActivity(page, { activity: 'Slip', energy: 80, engagement: 60, notes: 'a, b 🙂' });
    await openTab(page, 'Look Back');
    await activityList(page).waitFor();
    const before = await readActivityList(page);

    await page.getByRole('button', { name: 'Edit Slip' }).click();
    await page.getByRole('button', { name: 'Delete entry' }).click();
    await page.getByText('Entry deleted').waitFor();
    await expect.poll(() => listedNames(page)).toEqual(['Kept']);
    await screenshotAtSizes(page, 'entry-deleted-undo', { sizes: [{ width: 390, height: 844 }] });

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Entry restored').waitFor();
    await expect.poll(() => readActivityList(page)).toEqual(before);
  });

  it('logs an activity for a past day from Track, and refuses the future', async () => {
    const { page } = await app.signedUpOnTrack('past');
    const form = trackForm(page);
    await form.activity.fill('Morning swim');
    await page.getByRole('button', { name: 'Log an earlier time' }).click();
    const when = page.getByLabel('When');
    await when.fill(`${new Date().getUTCFullYear() + 1}-01-01T08:00`);
    await page.getByText('An entry cannot be in the future').waitFor();
    expect(await form.save.isDisabled()).toBe(true);
    await screenshotAtSizes(page, 'track-when-future', { sizes: [{ width: 390, height: 844 }] });

    await when.fill('2025-06-10T06:30');
    await form.save.click();
    await page.getByText('Activity saved!').waitFor();
    expect(await when.count()).toBe(0);
    await openTab(page, 'Look Back');
    await activityList(page).waitFor();
    expect(await readActivityList(page)).toMatchObject([
      { name: 'Morning swim', when: 'Jun 10, 6:30 AM' },
    ]);
  });

  it("opens an entry by touch; moved onto another entry's time, both entries stay", async () => {
    const { page } = await app.signedUpOnTrack('touch', { touch: true });
    await saveActivity(page, { activity: 'Reading', energy: 50, engagement: 70 });
    await saveActivity(page, { activity: 'Cooking', energy: 60, engagement: 40 });
    await openTab(page, 'Look Back');
    await activityList(page).waitFor();

    // Both moved to the same minute: the second lands a microsecond later.
    for (const name of ['Reading', 'Cooking']) {
      await page.getByRole('button', { name: `Edit ${name}` }).tap();
      const form = page.getByRole('form', { name: `Edit ${name}` });
      await form.getByLabel('When').fill('2025-04-02T18:15');
      await form.getByRole('button', { name: 'Save changes' }).tap();
      await page.getByText('Entry updated').first().waitFor();
      await form.waitFor({ state: 'detached' });
    }
    const listed = await readActivityList(page);
    expect(listed.map(({ name, when }) => ({ name, when }))).toEqual([
      { name: 'Cooking', when: 'Apr 2, 6:15 PM' },
      { name: 'Reading', when: 'Apr 2, 6:15 PM' },
    ]);
    expect(listed[0]).toMatchObject({ energy: '60%', engagement: '40%' });
    expect(listed[1]).toMatchObject({ energy: '50%', engagement: '70%' });
  });

  it('logs an activity for an hour ago, listed before one of a past day', async () => {
    const { page } = await app.signedUpOnTrack('hour-ago');
    const form = trackForm(page);
    const earlier = page.getByRole('button', { name: 'Log an earlier time' });
    const when = page.getByLabel('When');
    await form.activity.fill('Long ago');
    await earlier.click();
    await when.fill('2024-12-31T23:59');
    await form.save.click();
    await page.getByText('Activity saved!').waitFor();
    // The context's time zone is UTC, so the local value is the UTC one.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString().slice(0, 16);
    await form.activity.fill('Coffee');
    await earlier.click();
    await when.fill(hourAgo);
    await form.save.click();
    await expect.poll(() => when.count()).toBe(0);
    await openTab(page, 'Look Back');
    await activityList(page).waitFor();
    expect(await listedNames(page)).toEqual(['Coffee', 'Long ago']);
  });
});

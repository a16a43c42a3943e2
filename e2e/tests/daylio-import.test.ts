import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storedTagsThroughApi } from '../support/api-entries.ts';
import { useApp } from '../support/app-harness.ts';
import { openTab } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { expectFits } from '../support/layout.ts';

// A Daylio CSV export imported through Profile's Import (docs/product.md,
// "Import from Daylio"). The test context is in UTC, so Daylio's local times
// are UTC times here.

const DAYLIO = [
  'full_date,date,weekday,time,mood,activities,note_title,note',
  '2025-06-02,June 2,Monday,9:05 pm,rad,"friends | movies / tv","Film night","Saw ""Up"",\nand cried"',
  '2025-06-01,June 1,Sunday,08:15,Superb,"",,',
  '2025-05-31,May 31,Saturday,7:30 am,awful,work | tired,,',
].join('\r\n');

async function chooseDaylioFile(page: Page) {
  await page.getByTestId('import-file').setInputFiles({
    name: 'daylio_export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${DAYLIO}\r\n`, 'utf8'),
  });
}

const rowsOf = async (page: Page, caption: string) =>
  (await page.getByRole('table', { name: caption }).locator('tbody tr').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );

/** Look Back's entries: name, time, energy, notes and tags, top to bottom. */
async function lookBack(page: Page) {
  const items = await page.getByTestId('activity-item').all();
  return Promise.all(
    items.map(async (item) => {
      const text = (await item.innerText()).replace(/\s+/g, ' ');
      const notes = item.getByRole('paragraph');
      // Look Back shows an entry's tags as a group of chips (ActivityListItem).
      const tags = item.getByRole('group', { name: 'Tags' }).locator('span');
      return [
        await item.getByRole('heading').textContent(),
        ((await item.locator('time').textContent()) ?? '').replace(/\s+/g, ' '),
        /Energy (\d+%)/.exec(text)?.[1],
        (await notes.count()) > 0 ? await notes.textContent() : null,
        (await tags.allTextContents()).map((t) => t.trim()),
      ];
    }),
  );
}

describe.skipIf(skipBrowserTests)('Import from Daylio', () => {
  const app = useApp();

  it('shows the mood mapping before saving, takes a level for an unknown mood, and imports', async () => {
    const { page, email } = await app.signedUpOnTrack('daylio');
    await openTab(page, 'Profile');
    await chooseDaylioFile(page);

    await page.getByText('a Daylio export, 3 entries ready to import').waitFor();
    const moods = page.getByRole('table', { name: 'Daylio moods become energy' });
    expect(await moods.locator('tbody tr').count()).toBe(3);
    expect((await moods.getByRole('row', { name: /^rad/ }).innerText()).replace(/\s+/g, ' ')).toBe(
      'rad 1 100%',
    );
    expect(
      (await moods.getByRole('row', { name: /^awful/ }).innerText()).replace(/\s+/g, ' '),
    ).toBe('awful 1 0%');
    const superb = page.getByRole('combobox', { name: 'Energy for superb' });
    expect(await superb.inputValue()).toBe('50');
    // The mapping is stated, and the entries' Daylio activities are shown as
    // their tags, in a column of their own.
    await page.getByText('its Daylio activities become its tags').waitFor();
    expect(
      await page
        .getByRole('table', { name: 'The entries' })
        .getByRole('columnheader')
        .allInnerTexts(),
    ).toEqual(['Time', 'Activity', 'Energy', 'Tags']);
    expect(
      await page
        .getByRole('table', { name: 'The entries' })
        .getByRole('row', { name: /^Jun 2, 2025/ })
        .getByRole('cell')
        .last()
        .innerText(),
    ).toBe('friends, movies / tv');
    expect(await rowsOf(page, 'The entries')).toEqual([
      'Jun 2, 2025, 9:05 PM friends 100% friends, movies / tv',
      'Jun 1, 2025, 8:15 AM Daylio entry 50%',
      'May 31, 2025, 7:30 AM work 0% work, tired',
    ]);
    await superb.selectOption('100');
    await page.getByRole('cell', { name: 'Daylio entry' }).waitFor();
    expect(await rowsOf(page, 'The entries')).toContain('Jun 1, 2025, 8:15 AM Daylio entry 100%');
    await expectAxeCleanLightAndDark(page);
    await expectFits(page, 320);

    // Nothing is saved before the import is confirmed.
    expect(await storedTagsThroughApi(app.url, email)).toEqual([]);

    await page.getByRole('button', { name: 'Import 3 entries' }).click();
    await page.getByText('Import finished: 3 entries added, 0 already there.').waitFor();

    await openTab(page, 'Look Back');
    await expect
      .poll(() => lookBack(page))
      .toEqual([
        [
          'friends',
          'Jun 2, 9:05 PM',
          '100%',
          'Film night\n\nSaw "Up",\nand cried',
          ['friends', 'movies / tv'],
        ],
        ['Daylio entry', 'Jun 1, 8:15 AM', '100%', null, []],
        ['work', 'May 31, 7:30 AM', '0%', null, ['work', 'tired']],
      ]);
    // Daylio's activities are the entries' tags.
    expect(await storedTagsThroughApi(app.url, email)).toEqual([
      { activity: 'work', tags: ['work', 'tired'] },
      { activity: 'Daylio entry', tags: [] },
      { activity: 'friends', tags: ['friends', 'movies / tv'] },
    ]);
  });
});

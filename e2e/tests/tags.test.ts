import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, signUp, trackForm, uniqueEmail, messageShown } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { downloadByButton } from '../support/download.ts';
import { listedNames } from '../support/history.ts';
import { horizontalOverflow } from '../support/layout.ts';

// Tags and search (docs/decisions/038): Track's Tags field by
// keyboard and by touch, the person's own tags suggested, Look Back showing,
// filtering by and searching tags, Edit changing them, and export.

const SETTLE = { timeout: 5_000, interval: 100 };

describe.skipIf(skipBrowserTests)('Tags and search', () => {
  const app = useApp();
  let page: Page;

  const tagsInput = () => page.getByLabel('Tags', { exact: true });
  const chips = () =>
    page.getByRole('list', { name: 'Tags of this entry' }).getByRole('listitem').allInnerTexts();
  const chipNames = async () => (await chips()).map((text) => text.replace(/\s*×\s*$/, ''));
  const tagsOf = (name: string) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) })
      .getByRole('group', { name: 'Tags' })
      .innerText();

  async function saveWith(activity: string, tags: string[]) {
    const form = trackForm(page);
    await form.activity.fill(activity);
    for (const tag of tags) {
      await tagsInput().fill(tag);
      await tagsInput().press('Enter');
    }
    await form.save.click();
    await messageShown(page, 'status', /^Activity saved!$/);
    await expect.poll(chipNames, SETTLE).toEqual([]);
  }

  beforeAll(async () => {
    ({ page } = await app.newUser({ touch: true }));
    await signUp(page, uniqueEmail('tags'));
  });

  it('adds tags by Enter and comma, removes the last by Backspace and any by its button', async () => {
    const form = trackForm(page);
    await form.activity.fill('Morning walk');
    await tagsInput().fill('Outside');
    await tagsInput().press('Enter');
    // Enter added the tag and did not save the entry.
    expect(await chipNames()).toEqual(['Outside']);
    await tagsInput().pressSequentially('with  Sam,');
    expect(await chipNames()).toEqual(['Outside', 'with Sam']);
    expect(await tagsInput().inputValue()).toBe('');
    await tagsInput().press('Backspace');
    expect(await chipNames()).toEqual(['Outside']);
    await tagsInput().pressSequentially('Dog,Park,');
    expect(await chipNames()).toEqual(['Outside', 'Dog', 'Park']);
    // Touch: tap the remove button of one chip.
    await page.getByRole('button', { name: 'Remove tag Dog' }).tap();
    expect(await chipNames()).toEqual(['Outside', 'Park']);
    // The same tag in other letters is not added twice.
    await tagsInput().fill('  outside ');
    await tagsInput().press('Enter');
    expect(await chipNames()).toEqual(['Outside', 'Park']);

    await tagsInput().fill('x'.repeat(41));
    await tagsInput().press('Enter');
    await page.getByText('A tag can be at most 40 characters.').waitFor();
    expect(await tagsInput().getAttribute('aria-invalid')).toBe('true');
    await tagsInput().fill('');

    await expectAxeCleanLightAndDark(page);
    expect((await horizontalOverflow(page, 320)).sticksOut).toEqual([]);

    await form.save.click();
    await messageShown(page, 'status', /^Activity saved!$/);
    await expect.poll(chipNames, SETTLE).toEqual([]);
  });

  it("suggests the person's own tags, most used first", async () => {
    await saveWith('Lunch', ['outside', 'Friends']);
    await saveWith('Deep work', ['Office']);
    const offered = () =>
      page
        .locator('#track-tags-suggestions option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await expect.poll(offered, SETTLE).toEqual(['outside', 'Office', 'Friends', 'Park']);
    // A tag already on the entry is not offered again.
    await tagsInput().fill('Office');
    await tagsInput().press('Enter');
    await expect.poll(offered, SETTLE).toEqual(['outside', 'Friends', 'Park']);
    await page.getByRole('button', { name: 'Remove tag Office' }).click();
  });

  it('Look Back shows tags, filters by Tag and searches, light and dark, at 320 px', async () => {
    await openTab(page, 'Look Back');
    await expect
      .poll(() => listedNames(page), SETTLE)
      .toEqual(['Deep work', 'Lunch', 'Morning walk']);
    expect(await tagsOf('Morning walk')).toMatch(/Outside\s+Park/);

    await page.getByPlaceholder('Search entries').fill('frie');
    await expect.poll(() => listedNames(page), SETTLE).toEqual(['Lunch']);
    await page.getByPlaceholder('Search entries').fill('walk');
    await expect.poll(() => listedNames(page), SETTLE).toEqual(['Morning walk']);
    await page.getByPlaceholder('Search entries').fill('');
    await expect.poll(() => listedNames(page), SETTLE).toHaveLength(3);

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Tag', { exact: true }).fill('OUTSIDE');
    await expect.poll(() => listedNames(page), SETTLE).toEqual(['Lunch', 'Morning walk']);
    await page.getByPlaceholder('Search entries').fill('park');
    await expect.poll(() => listedNames(page), SETTLE).toEqual(['Morning walk']);

    await expectAxeCleanLightAndDark(page);
    expect((await horizontalOverflow(page, 320)).sticksOut).toEqual([]);

    await page.getByPlaceholder('Search entries').fill('');
    await page.getByLabel('Tag', { exact: true }).fill('');
    await expect.poll(() => listedNames(page), SETTLE).toHaveLength(3);
  });

  it('Edit changes the tags of an entry', async () => {
    await page.getByRole('button', { name: 'Edit Deep work' }).click();
    const editor = page.getByRole('form', { name: 'Edit Deep work' });
    expect(await chipNames()).toEqual(['Office']);
    await editor.getByRole('button', { name: 'Remove tag Office' }).click();
    await editor.getByLabel('Tags', { exact: true }).fill('Focus');
    await editor.getByLabel('Tags', { exact: true }).press('Enter');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await messageShown(page, 'status', /^Entry updated$/);
    await expect.poll(() => tagsOf('Deep work'), SETTLE).toBe('Focus');
  });

  it('exports tags in CSV and JSON', async () => {
    await openTab(page, 'Profile');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    const download = async (button: string) => (await downloadByButton(page, button)).text;
    const csv = (await download('Export CSV')).split('\r\n');
    expect(csv[0]).toBe('date,activity,energy,engagement,flow_state,notes,tags');
    expect(csv.find((line) => line.includes('Morning walk'))).toMatch(/,Outside;Park$/);
    const json = JSON.parse(await download('Export JSON')) as {
      entries: Array<{ activity: string; tags: string[] }>;
    };
    expect(json.entries.find((e) => e.activity === 'Lunch')?.tags).toEqual(['outside', 'Friends']);
  });

  it('refuses an 11th tag, a 41-character one and a line separator, saying why; emoji and right-to-left text come back as typed', async () => {
    await openTab(page, 'Track');
    const problem = page.locator('#track-tags-problem');
    const refused = async (typed: string, message: string, kept: number) => {
      await tagsInput().fill(typed);
      await tagsInput().press('Enter');
      await page.getByText(message, { exact: true }).waitFor();
      expect(await problem.innerText()).toBe(message);
      expect(await tagsInput().getAttribute('aria-invalid')).toBe('true');
      // The tag is kept in the field to be corrected, not added.
      expect(await tagsInput().inputValue()).toBe(typed);
      expect(await chipNames()).toHaveLength(kept);
    };

    await tagsInput().pressSequentially('t1,t2,t3,t4,t5,t6,t7,t8,t9,t10,');
    expect(await chipNames()).toHaveLength(10);
    await refused('eleventh', 'An entry can have at most 10 tags.', 10);
    // A pasted list: the tags that fit are added, the 11th stays in the field.
    await tagsInput().fill('');
    await page.getByRole('button', { name: 'Remove tag t10' }).click();
    await tagsInput().fill('t10,t11,');
    await page.getByText('An entry can have at most 10 tags.', { exact: true }).waitFor();
    expect((await chipNames()).slice(-2)).toEqual(['t9', 't10']);
    expect(await tagsInput().inputValue()).toBe('t11');
    await tagsInput().fill('');
    for (let i = 0; i < 10; i += 1) await tagsInput().press('Backspace');
    await expect.poll(chipNames, SETTLE).toEqual([]);
    expect(await problem.innerText()).toBe('Optional. Up to 10 tags of 40 characters.');

    await refused('y'.repeat(41), 'A tag can be at most 40 characters.', 0);
    // Characters, not UTF-16 units: 41 emoji are too many, 40 are not.
    await refused('🙂'.repeat(41), 'A tag can be at most 40 characters.', 0);
    await refused('one\u2028two', 'A tag cannot contain commas, semicolons or line breaks.', 0);

    const tags = ['🙂'.repeat(40), 'שלום עולם', 'مرحبا بك', 'Café 🏔️ ☕'];
    for (const tag of tags) {
      await tagsInput().fill(tag);
      await tagsInput().press('Enter');
    }
    expect(await chipNames()).toEqual(tags);
    expect(await tagsInput().getAttribute('aria-invalid')).toBe('false');
    const activity = 'Reading עברית 📚';
    const notes = 'First line\u2028second line, مع ملاحظة 🌙';
    const form = trackForm(page);
    await form.activity.fill(activity);
    await form.notes.fill(notes);
    await form.save.click();
    await messageShown(page, 'status', /^Activity saved!$/);

    await openTab(page, 'Look Back');
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: activity, exact: true }) });
    await item.waitFor();
    expect(
      await item.getByRole('group', { name: 'Tags' }).locator('span').allTextContents(),
    ).toEqual(tags);
    expect(await item.getByRole('paragraph').textContent()).toBe(notes);
  });

  it('keeps a refused tag left in the field when Save is pressed: nothing is sent, the field says why', async () => {
    await openTab(page, 'Track');
    const form = trackForm(page);
    const sent: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/user_answers')) {
        sent.push(request.url());
      }
    };
    page.on('request', onRequest);
    try {
      await form.activity.fill('Long tag test');
      const tooLong = 'z'.repeat(41);
      await tagsInput().fill(tooLong);
      await form.save.click();
      await page.getByText('A tag can be at most 40 characters.', { exact: true }).waitFor();
      // The browser's own check stops the form: Save sends nothing, the
      // field keeps what was typed and has the focus.
      await expect
        .poll(() => tagsInput().evaluate((input) => input === document.activeElement), SETTLE)
        .toBe(true);
      expect(await tagsInput().inputValue()).toBe(tooLong);
      expect(await form.activity.inputValue()).toBe('Long tag test');
      expect(sent).toEqual([]);

      // Corrected, the tag goes with the entry.
      await tagsInput().fill('z'.repeat(40));
      await form.save.click();
      await messageShown(page, 'status', /^Activity saved!$/);
    } finally {
      page.off('request', onRequest);
    }
    await openTab(page, 'Look Back');
    expect(await tagsOf('Long tag test')).toBe('z'.repeat(40));
  });
});

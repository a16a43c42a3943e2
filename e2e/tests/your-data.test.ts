import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import {
  openTab,
  PASSWORD,
  pathOf,
  saveActivity,
  signUp,
  submitSignIn,
  messageShown,
} from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { downloadByButton } from '../support/download.ts';
import { httpErrorLine } from '../support/page-errors.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';

// Profile's 'Your data' in Chromium: export downloads, import with its
// preview and progress bar, and deleting the account.

const HEADER = 'date,activity,energy,engagement,flow_state,notes';

/** A CSV of `count` entries, one an hour from 2025-01-01, plus one bad line at the end. */
function journalCsv(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
    return `${date},Imported ${i % 5},${(i * 7) % 101},${(i * 3) % 101},${i % 2 === 0},"note ${i}, ""quoted"""`;
  });
  return `\uFEFF${HEADER}\r\n${rows.join('\r\n')}\r\n2025-02-01T00:00:00Z,Broken,abc,50,false,\r\n`;
}

async function chooseImportFile(page: Page, name: string, text: string) {
  await page.getByTestId('import-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

describe.skipIf(skipBrowserTests)('Your data', () => {
  const app = useApp();

  it('exports the entries as CSV and JSON downloads', async () => {
    const { page, email } = await app.signedUpOnTrack('export');
    await saveActivity(page, { activity: '=Deep work, "focused"', energy: 80, engagement: 60 });
    await openTab(page, 'Profile');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await screenshotAtSizes(page, 'profile-your-data');

    const csv = await downloadByButton(page, 'Export CSV');
    expect(csv.name).toMatch(/^energy-tracker-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.split('\r\n');
    // The tags column comes last (empty: this entry has none); files without it still import.
    expect(lines[0]).toBe(`${HEADER},tags`);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00,"'=Deep work, ""focused""",80,60,false,,$/,
    );

    const json = await downloadByButton(page, 'Export JSON');
    expect(json.name).toMatch(/\.json$/);
    const data = JSON.parse(json.text) as {
      version: number;
      account: { email: string };
      entries: Array<{ activity: string; energy: number }>;
    };
    expect(data.version).toBe(2);
    expect(data.account.email).toBe(email);
    expect(data.entries).toMatchObject([{ activity: '=Deep work, "focused"', energy: 80 }]);
  });

  it('imports a file after a preview that names the bad line, with a progress bar, and adds nothing the second time', async () => {
    const { page } = await app.signedUpOnTrack('import');
    await openTab(page, 'Profile');
    // Each batch answers a little later than it would, so the bar is seen moving.
    await page.route('**/rest/v1/rpc/import_entries', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    const count = 1600;
    await chooseImportFile(page, 'journal.csv', journalCsv(count));
    await page.getByText(`${count} entries ready to import, 1 problem found`).waitFor();
    const problems = page.getByRole('list', { name: 'Problems in the file' });
    expect(await problems.innerText()).toBe(
      `line ${count + 2}: energy "abc" is not a number from 0 to 100`,
    );
    await screenshotAtSizes(page, 'profile-import-preview', {
      sizes: [{ width: 390, height: 844 }],
    });

    await page.getByRole('button', { name: `Import ${count} entries` }).click();
    const progress = page.getByRole('progressbar');
    await progress.waitFor();
    await page.getByText(`Importing… 500 / ${count}`).waitFor();
    expect(await progress.getAttribute('aria-valuemax')).toBe(String(count));
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(500);
    await screenshotAtSizes(page, 'profile-import-progress', {
      sizes: [{ width: 390, height: 844 }],
    });
    await page.getByText(`Import finished: ${count} entries added, 0 already there.`).waitFor();
    await screenshotAtSizes(page, 'profile-import-summary', {
      sizes: [{ width: 390, height: 844 }],
    });

    await openTab(page, 'Look Back');
    await page.getByText('Imported', { exact: false }).first().waitFor();

    await openTab(page, 'Profile');
    await chooseImportFile(page, 'journal.csv', journalCsv(count));
    await page.getByRole('button', { name: `Import ${count} entries` }).click();
    await page.getByText(`Import finished: 0 entries added, ${count} already there.`).waitFor();
  });

  it('deletes the account after the password, signs out and says so; the address can sign up anew', async () => {
    const { page, errors, email } = await app.signedUpOnTrack('leaving');
    await saveActivity(page, { activity: 'Last entry', energy: 50, engagement: 50 });
    await openTab(page, 'Profile');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const password = page.getByLabel('Your password');
    await password.waitFor();
    errors.allow(
      httpErrorLine(400, '/auth/v1/token?grant_type=password'),
      'the server refuses the wrong password with 400, which Chromium logs',
    );
    await password.fill('not the password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
    await screenshotAtSizes(page, 'profile-delete-account', {
      sizes: [{ width: 390, height: 844 }],
    });

    errors.allow(
      httpErrorLine(403, '/auth/v1/logout?scope=local'),
      'the deletion has already ended every session; supabase-js still tells /logout, whose 403 Chromium logs',
    );
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await messageShown(page, 'status', 'Your account and all of its entries have been deleted.');
    expect(pathOf(page)).toBe('/login');
    await screenshotAtSizes(page, 'login-account-deleted', {
      sizes: [{ width: 390, height: 844 }],
    });

    await submitSignIn(page, email);
    await page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor();
    expect(pathOf(page)).toBe('/login');

    await signUp(page, email);
    await openTab(page, 'Look Back');
    await page.getByText('No activities recorded yet.').waitFor();
  });
});

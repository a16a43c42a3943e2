import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, trackHeading, messageShown } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';

describe.skipIf(skipBrowserTests)('Profile', () => {
  const app = useApp();

  it('edits the name, cancels or saves it, and still shows the saved name after a reload', async () => {
    const { page, email } = await app.signedUpOnTrack('profile');
    await openTab(page, 'Profile');

    const firstName = page.getByLabel('First Name');
    const lastName = page.getByLabel('Last Name');
    const emailField = page.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.isEditable()).toBe(false);
    expect(await firstName.isEditable()).toBe(false);
    expect(await lastName.isEditable()).toBe(false);

    // Cancel drops the edit.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await firstName.isEditable()).toBe(true);
    expect(await emailField.isEditable()).toBe(false);
    await firstName.fill('Temporary');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await firstName.inputValue()).toBe('');
    expect(await firstName.isEditable()).toBe(false);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await firstName.fill('Ada');
    await lastName.fill('Lovelace');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await messageShown(page, 'status', /^Profile updated successfully!$/);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await firstName.inputValue()).toBe('Ada');
    expect(await lastName.inputValue()).toBe('Lovelace');
    expect(await firstName.isEditable()).toBe(false);

    await page.reload();
    await trackHeading(page).waitFor();
    await openTab(page, 'Profile');
    expect(await firstName.inputValue()).toBe('Ada');
    expect(await lastName.inputValue()).toBe('Lovelace');
  });

  it("'Send Feedback' drafts an e-mail to the support address with the subject 'Energy Tracker Feedback'", async () => {
    const { page } = await app.signedUpOnTrack('feedback');
    await openTab(page, 'Profile');
    const { supportEmail } = (await (await fetch(`${app.url}/config.json`)).json()) as {
      supportEmail: string;
    };

    const href = await page.getByRole('link', { name: 'Send Feedback' }).getAttribute('href');
    const draft = new URL(href ?? '');
    expect(draft.protocol).toBe('mailto:');
    expect(draft.pathname).toBe(supportEmail);
    expect(draft.searchParams.get('subject')).toBe('Energy Tracker Feedback');
  });
});

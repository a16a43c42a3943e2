import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { signUpConfirmed, useMailedApp } from '../support/mailed-app.ts';
import { openTab, signIn, signUp, uniqueEmail } from '../support/app-steps.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { isFocused, tabTo } from '../support/keyboard.ts';
import { expectFits } from '../support/layout.ts';
import { httpErrorLine, type PageErrorLog } from '../support/page-errors.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';

// Profile's 'Reminders' (docs/product.md 16) in real Chromium against our
// real server with mail (the local SMTP server): times and weekdays saved and
// read back, a refusal shown as the database words it, the travel prompt
// when the browser's zone is not the saved one (a context in another
// `timezoneId`), a test e-mail that arrives, light and dark, 320 px, keyboard.

const SAVED = 'Reminders saved.';
const SETTINGS_SAVE = '/rest/v1/reminder_settings?on_conflict=user_id';

const reminders = (page: Page): Locator => page.getByRole('region', { name: 'Reminders' });
const timeInput = (page: Page, n: number) =>
  reminders(page).getByRole('textbox', { name: `Reminder time ${n}` });
const weekday = (page: Page, name: string) =>
  reminders(page).getByRole('checkbox', { name, exact: true });
const byEmail = (page: Page) => reminders(page).getByRole('switch', { name: 'By e-mail' });

/** The success box or the error box under the buttons, with this text. */
const message = (page: Page, role: 'status' | 'alert', text: string) =>
  reminders(page).getByRole(role).filter({ hasText: text });

describe.skipIf(skipBrowserTests)('Profile: Reminders (server with mail)', () => {
  const { app, mailbox } = useMailedApp();
  const email = uniqueEmail('reminded');

  function allowRefusedSave(errors: PageErrorLog) {
    errors.allow(
      httpErrorLine(400, SETTINGS_SAVE),
      'the database refuses a time given twice with 400, which Chromium logs',
    );
  }

  it('saves times, weekdays, a random window and e-mail, and shows them again after a reload', async () => {
    const { page } = await app.newUser({ timezoneId: 'Europe/Berlin' });
    await signUpConfirmed(page, mailbox, email);
    await openTab(page, 'Profile');
    const section = reminders(page);
    await section.getByText('No reminder times yet.').waitFor();
    await section.getByText('Times are in Europe/Berlin.').waitFor();
    // Every day and skip-if-logged until chosen otherwise; e-mail off.
    for (const day of ['Monday', 'Wednesday', 'Sunday']) {
      expect(await weekday(page, day).isChecked()).toBe(true);
    }
    expect(
      await section
        .getByRole('switch', { name: 'Skip if I logged in the last hour' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(await byEmail(page).getAttribute('aria-checked')).toBe('false');

    const add = section.getByRole('button', { name: 'Add a time' });
    await add.click();
    await timeInput(page, 1).fill('07:30');
    await add.click();
    await timeInput(page, 2).fill('21:15');
    await weekday(page, 'Saturday').uncheck();
    await weekday(page, 'Sunday').uncheck();
    await section.getByRole('checkbox', { name: 'A random time between' }).check();
    await section.getByRole('textbox', { name: 'Random time from' }).fill('12:00');
    await section.getByRole('textbox', { name: 'Random time until' }).fill('14:30');
    await byEmail(page).click();
    await section.getByRole('button', { name: 'Save reminders' }).click();
    await message(page, 'status', SAVED).waitFor();

    await page.reload();
    await openTab(page, 'Profile');
    await timeInput(page, 2).waitFor();
    expect(await timeInput(page, 1).inputValue()).toBe('07:30');
    expect(await timeInput(page, 2).inputValue()).toBe('21:15');
    expect(await weekday(page, 'Friday').isChecked()).toBe(true);
    expect(await weekday(page, 'Saturday').isChecked()).toBe(false);
    expect(await weekday(page, 'Sunday').isChecked()).toBe(false);
    expect(await section.getByRole('textbox', { name: 'Random time from' }).inputValue()).toBe(
      '12:00',
    );
    expect(await section.getByRole('textbox', { name: 'Random time until' }).inputValue()).toBe(
      '14:30',
    );
    expect(await byEmail(page).getAttribute('aria-checked')).toBe('true');
    // Up to six: the button stops offering more.
    for (let n = 3; n <= 6; n++) await add.click();
    expect(await add.isDisabled()).toBe(true);
    await page.reload();
    await openTab(page, 'Profile');
    // The saved two come back once the settings have loaded.
    await expect
      .poll(() =>
        reminders(page)
          .getByRole('textbox', { name: /^Reminder time/ })
          .count(),
      )
      .toBe(2);
  });

  it("shows the database's reason for refusing a save, and saves once it is fixed", async () => {
    const { page, errors } = await app.newUser({ timezoneId: 'Europe/Berlin' });
    await page.goto('/login');
    await signIn(page, email);
    await openTab(page, 'Profile');
    await timeInput(page, 2).fill('07:30');
    allowRefusedSave(errors);
    await reminders(page).getByRole('button', { name: 'Save reminders' }).click();
    await message(page, 'alert', 'Each reminder time may be given once').waitFor();
    await reminders(page).getByRole('button', { name: 'Remove reminder time 2' }).click();
    await reminders(page).getByRole('button', { name: 'Save reminders' }).click();
    await message(page, 'status', SAVED).waitFor();
  });

  it('sends a test e-mail that arrives, and says so; a second one within the minute is refused', async () => {
    const { page, errors } = await app.newUser({ timezoneId: 'Europe/Berlin' });
    await page.goto('/login');
    await signIn(page, email);
    await openTab(page, 'Profile');
    await byEmail(page).waitFor();
    await reminders(page).getByRole('button', { name: 'Send a test reminder' }).click();
    await message(page, 'status', 'A test reminder is on its way by e-mail.').waitFor();
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('How is your energy?');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    errors.allow(
      httpErrorLine(429, '/reminders/v1/test'),
      'one test a minute: 429, which Chromium logs',
    );
    await reminders(page).getByRole('button', { name: 'Send a test reminder' }).click();
    await message(page, 'alert', 'A test reminder was sent less than a minute ago.').waitFor();
  });

  it('offers to follow the browser to a new time zone, and switches when asked', async () => {
    const { page } = await app.newUser({ timezoneId: 'America/New_York' });
    await page.goto('/login');
    await signIn(page, email);
    await openTab(page, 'Profile');
    const prompt = reminders(page).getByText(
      'Your reminders follow Europe/Berlin. Use America/New_York?',
    );
    await prompt.waitFor();
    await reminders(page).getByText('Times are in Europe/Berlin.').waitFor();
    await reminders(page).getByRole('button', { name: 'Use America/New_York' }).click();
    await message(page, 'status', 'Your reminders now follow America/New_York.').waitFor();
    await reminders(page).getByText('Times are in America/New_York.').waitFor();
    expect(await prompt.count()).toBe(0);
    await page.reload();
    await openTab(page, 'Profile');
    await reminders(page).getByText('Times are in America/New_York.').waitFor();
    expect(await prompt.count()).toBe(0);
    // The other settings stayed as they were.
    expect(await timeInput(page, 1).inputValue()).toBe('07:30');
  });

  it('is readable light and dark, fits 320 px, and is used with the keyboard alone', async () => {
    const { page } = await app.newUser();
    await signUpConfirmed(page, mailbox, uniqueEmail('keys'));
    await openTab(page, 'Profile');
    const section = reminders(page);
    await section.getByText('No reminder times yet.').waitFor();
    await section.getByRole('button', { name: 'Add a time' }).click();
    await section.getByRole('checkbox', { name: 'A random time between' }).check();
    await section.scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await screenshotAtSizes(page, 'profile-reminders', {
        suffix: scheme === 'dark' ? '-dark' : '',
      });
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expectFits(page, 320);

    // Keyboard alone from the section's first control: set the time, drop
    // Sunday, turn e-mail on, save.
    await page.reload();
    await openTab(page, 'Profile');
    await section.getByText('No reminder times yet.').waitFor();
    const add = section.getByRole('button', { name: 'Add a time' });
    await add.focus();
    await page.keyboard.press('Enter');
    const time = timeInput(page, 1);
    // The new time has the focus.
    expect(await isFocused(time)).toBe(true);
    await page.keyboard.type('0645AM');
    expect(await time.inputValue()).toBe('06:45');
    await tabTo(page, weekday(page, 'Sunday'), 12);
    await page.keyboard.press('Space');
    expect(await weekday(page, 'Sunday').isChecked()).toBe(false);
    await tabTo(page, byEmail(page), 6);
    await page.keyboard.press('Space');
    expect(await byEmail(page).getAttribute('aria-checked')).toBe('true');
    const save = section.getByRole('button', { name: 'Save reminders' });
    await tabTo(page, save, 6);
    expect(await isFocused(save)).toBe(true);
    await page.keyboard.press('Enter');
    await message(page, 'status', SAVED).waitFor();
    await page.reload();
    await openTab(page, 'Profile');
    await timeInput(page, 1).waitFor();
    expect(await timeInput(page, 1).inputValue()).toBe('06:45');
    expect(await weekday(page, 'Sunday').isChecked()).toBe(false);
    await reminders(page).getByText('Times are in UTC.').waitFor();
  });
});

describe.skipIf(skipBrowserTests)('Profile: Reminders (server without mail)', () => {
  const app = useApp();

  it('offers no e-mail switch and says why', async () => {
    const { page } = await app.newUser();
    await page.goto('/login');
    await signUp(page, uniqueEmail('no-mail'));
    await openTab(page, 'Profile');
    await reminders(page)
      .getByText('This server has no e-mail set up, so it cannot send reminders by e-mail.')
      .waitFor();
    expect(await byEmail(page).count()).toBe(0);
  });
});

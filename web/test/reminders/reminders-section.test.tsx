import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  HOSTED_TEXT,
  RemindersSection,
} from '../../src/features/reminders/components/RemindersSection.tsx';
import { nextFreeTime, toRow } from '../../src/features/reminders/reminder-settings.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { testRuntimeConfig } from '../support/runtime-config.ts';
import { signUpAppUser } from '../support/users.ts';

// Profile's 'Reminders' against the real test server (which has no mail):
// hosted Supabase gets an explanation instead of the form; our server
// without mail gets the form without 'By e-mail'; saving goes to
// reminder_settings and a refusal shows the database's words. (jsdom gives
// time inputs no role, so they are found by their labels.)

async function openReminders(config = testRuntimeConfig()) {
  const account = await signUpAppUser('reminders');
  const user = userEvent.setup();
  renderSignedInTab(<RemindersSection />, account, config);
  const section = await screen.findByRole('region', { name: 'Reminders' });
  return { account, user, section };
}

describe('the Reminders section', () => {
  it('explains, without a form, that a hosted Supabase project sends no reminders', async () => {
    // An app built for hosted Supabase reads no /config.json: no `reminders`.
    const { section } = await openReminders();
    expect(within(section).getByText(HOSTED_TEXT)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Save reminders' })).toBeNull();
  });

  it('saves times and weekdays on our server without mail, and shows a refusal in its words', async () => {
    const { account, user, section } = await openReminders({
      ...testRuntimeConfig(),
      reminders: { email: false },
    });
    const add = await within(section).findByRole('button', { name: 'Add a time' });
    expect(
      within(section).getByText(
        'This server has no e-mail set up, so it cannot send reminders by e-mail.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('switch', { name: 'By e-mail' })).toBeNull();

    await user.click(add);
    await user.click(add);
    expect(within(section).getByLabelText('Reminder time 1')).toHaveValue('09:00');
    expect(within(section).getByLabelText('Reminder time 2')).toHaveValue('12:00');
    await user.click(within(section).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(section).getByRole('button', { name: 'Save reminders' }));
    expect(await within(section).findByText('Reminders saved.')).toBeInTheDocument();
    const { data } = await account.supabase
      .from('reminder_settings')
      .select('times, weekdays, email, skip_if_logged_last_hour');
    expect(data).toEqual([
      {
        times: ['09:00', '12:00'],
        weekdays: [1, 2, 3, 4, 5, 6],
        email: false,
        skip_if_logged_last_hour: true,
      },
    ]);

    await user.click(within(section).getByRole('checkbox', { name: 'A random time between' }));
    const from = within(section).getByLabelText('Random time from');
    await user.clear(from);
    await user.type(from, '18:00');
    await user.click(within(section).getByRole('button', { name: 'Save reminders' }));
    expect(
      await within(section).findByText(
        'The random reminder must start before it ends, within one day',
      ),
    ).toBeInTheDocument();
  });

  it('saves the weekly review reminder: its switch, day and time', async () => {
    const { account, user, section } = await openReminders({
      ...testRuntimeConfig(),
      reminders: { email: false },
    });
    const weekly = await within(section).findByRole('switch', { name: 'Weekly review' });
    expect(weekly).not.toBeChecked();
    // Day and time are asked once the switch is on, Sunday 18:00 first.
    expect(within(section).queryByLabelText('Review day')).toBeNull();
    await user.click(weekly);
    const day = within(section).getByRole('combobox', { name: 'Review day' });
    expect(day).toHaveDisplayValue('Sunday');
    expect(within(section).getByLabelText('Review time')).toHaveValue('18:00');
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);

    await user.selectOptions(day, 'Friday');
    const time = within(section).getByLabelText('Review time');
    await user.clear(time);
    await user.type(time, '17:30');
    await user.click(within(section).getByRole('button', { name: 'Save reminders' }));
    expect(await within(section).findByText('Reminders saved.')).toBeInTheDocument();
    const { data } = await account.supabase
      .from('reminder_settings')
      .select('weekly_review, review_day, review_time');
    expect(data).toEqual([{ weekly_review: true, review_day: 5, review_time: '17:30' }]);

    // An emptied time is refused in the database's words.
    await user.clear(time);
    await user.click(within(section).getByRole('button', { name: 'Save reminders' }));
    expect(
      await within(section).findByText(
        'The review time must be a time from 00:00 to 23:59 (HH:MM)',
      ),
    ).toBeInTheDocument();
  });
});

describe('reminder settings on the screen', () => {
  it('offer 09:00 first, then three hours after the latest, never a time already there', () => {
    expect(nextFreeTime([])).toBe('09:00');
    expect(nextFreeTime(['09:00'])).toBe('12:00');
    expect(nextFreeTime(['22:30'])).toBe('01:30');
    expect(nextFreeTime(['09:00', '15:00', '12:00'])).toBe('18:00');
    expect(nextFreeTime(['21:00', '00:00'])).toBe('01:00');
  });

  it('are saved with times in order of the day and weekdays in order of the week', () => {
    expect(
      toRow({
        times: ['20:00', '07:15'],
        weekdays: [7, 1, 3],
        randomFrom: null,
        randomUntil: null,
        timeZone: 'Europe/Berlin',
        email: true,
        skipIfLoggedLastHour: false,
        weeklyReview: true,
        reviewDay: 5,
        reviewTime: '17:30',
      }),
    ).toEqual({
      times: ['07:15', '20:00'],
      weekdays: [1, 3, 7],
      random_from: null,
      random_until: null,
      time_zone: 'Europe/Berlin',
      email: true,
      skip_if_logged_last_hour: false,
      weekly_review: true,
      review_day: 5,
      review_time: '17:30',
    });
  });
});

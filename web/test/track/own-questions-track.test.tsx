import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackTab } from '../../src/features/track/components/TrackTab.tsx';
import { recordActivities, storedActivities } from '../support/activities.ts';
import { addQuestions } from '../support/own-questions.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser, type AppUser } from '../support/users.ts';

// Track asks the person's own questions under the journal's fields
// (docs/product.md, Track; docs/decisions/084 and 093), in a group "Your
// questions", and saves the answers with the entry in its one upsert.

// Kiritimati is UTC+14: before 14:00 there, its date is a day ahead of UTC's,
// so a day counted in UTC would be the wrong one.
const savedZone = process.env['TZ'];
beforeAll(() => {
  process.env['TZ'] = 'Pacific/Kiritimati';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedZone;
});

async function openTrack(person: AppUser) {
  const user = userEvent.setup();
  renderSignedInTab(<TrackTab />, person);
  await screen.findByRole('heading', { name: 'Track Activity' });
  return {
    user,
    activity: screen.getByPlaceholderText('What are you doing?'),
    save: screen.getByRole('button', { name: 'Save Activity' }),
  };
}

/** The entries' own answers as the server holds them, newest first. */
async function storedAnswers(person: AppUser) {
  return (await storedActivities(person, 'activity, answers')) as unknown as {
    activity: string;
    answers: Record<string, string>;
  }[];
}

describe('own questions on Track', () => {
  it('asks each question not hidden with a control of its type, nothing given at first', async () => {
    const person = await signUpAppUser('own-track-controls');
    await addQuestions(person, [
      { question: 'Caffeine', answer_type: 'yes_no' },
      { question: 'Hours slept', answer_type: 'number', unit: 'h', lowest: 0, highest: 24 },
      { question: 'Stress', answer_type: 'scale', label_1: 'Calm', label_5: 'Tense' },
      { question: 'Where were you?', answer_type: 'text' },
      { question: 'Old question', answer_type: 'text', active: false },
    ]);
    await openTrack(person);
    const group = await screen.findByRole('group', { name: 'Your questions' });

    const caffeine = within(group).getByRole('radiogroup', { name: 'Caffeine' });
    expect(
      within(caffeine)
        .getAllByRole('radio')
        .map((radio) => [radio.getAttribute('value'), (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['true', false],
      ['false', false],
    ]);
    expect(within(caffeine).getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
    expect(within(caffeine).getByRole('radio', { name: 'No' })).toBeInTheDocument();

    const sleep = within(group).getByRole('spinbutton', { name: 'Hours slept' });
    expect(sleep).toHaveValue(null);
    expect(sleep).toHaveAccessibleDescription('h');

    const stress = within(group).getByRole('radiogroup', { name: 'Stress' });
    expect(
      within(stress)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(stress).toHaveAccessibleDescription('1: Calm 5: Tense');

    const place = within(group).getByRole('textbox', { name: 'Where were you?' });
    expect(place).toHaveAttribute('maxLength', '200');
    expect(within(group).queryByText('Old question')).not.toBeInTheDocument();
  });

  it('shows no group to a person without questions', async () => {
    const person = await signUpAppUser('own-track-none');
    await openTrack(person);
    await screen.findByRole('switch', { name: 'Flow State' });
    expect(screen.queryByRole('group', { name: 'Your questions' })).not.toBeInTheDocument();
  });

  it('saves the answers given with the entry, and nothing for those left unanswered', async () => {
    const person = await signUpAppUser('own-track-save');
    const [caffeine, sleep, , place] = await addQuestions(person, [
      { question: 'Caffeine', answer_type: 'yes_no' },
      { question: 'Hours slept', answer_type: 'number', unit: 'h' },
      { question: 'Stress', answer_type: 'scale' },
      { question: 'Where were you?', answer_type: 'text' },
    ]);
    const { user, activity, save } = await openTrack(person);
    const group = await screen.findByRole('group', { name: 'Your questions' });

    await user.type(activity, 'Deep work');
    await user.click(within(group).getByRole('radio', { name: 'No' }));
    await user.type(within(group).getByRole('spinbutton', { name: 'Hours slept' }), '7.5');
    await user.click(within(group).getByRole('radio', { name: '4' }));
    await user.click(within(group).getByRole('button', { name: 'Clear Stress' }));
    await user.type(within(group).getByRole('textbox', { name: 'Where were you?' }), ' Office ');
    await user.click(save);
    await screen.findByText('Activity saved!');

    expect(within(group).getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(within(group).getByRole('textbox', { name: 'Where were you?' })).toHaveValue('');
    expect(await storedAnswers(person)).toEqual([
      {
        activity: 'Deep work',
        answers: { [caffeine!]: 'false', [sleep!]: '7.5', [place!]: 'Office' },
      },
    ]);
  });

  it('refuses a number outside Lowest and Highest, naming the range', async () => {
    const person = await signUpAppUser('own-track-bounds');
    const [sleep] = await addQuestions(person, [
      { question: 'Hours slept', answer_type: 'number', unit: 'h', lowest: 0, highest: 24 },
    ]);
    const { user, activity, save } = await openTrack(person);
    const input = await screen.findByRole('spinbutton', { name: 'Hours slept' });
    await user.type(activity, 'Reading');
    await user.type(input, '25');

    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('h Enter a number from 0 to 24');
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, '24');
    expect(input).toBeValid();
    await user.click(save);
    await screen.findByText('Activity saved!');
    expect(await storedAnswers(person)).toEqual([
      { activity: 'Reading', answers: { [sleep!]: '24' } },
    ]);
  });

  it("asks a once-a-day question until the local day has an answer, then shows the day's", async () => {
    const person = await signUpAppUser('own-track-day');
    const [sleep, mood] = await addQuestions(person, [
      { question: 'Hours slept', answer_type: 'number', unit: 'h', asked: 'day' },
      { question: 'Mood', answer_type: 'scale', asked: 'day' },
    ]);
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    // Yesterday at 23:00 here; today one minute after midnight here, which
    // is still yesterday in UTC.
    const lateYesterday = new Date(midnight.getTime() - 60 * 60_000);
    const earlyToday = new Date(Math.min(midnight.getTime() + 60_000, now.getTime() - 1000));
    await recordActivities(person, [
      {
        activity: 'Late film',
        energy: 30,
        engagement: 60,
        createdAt: lateYesterday.toISOString(),
        answers: { [sleep!]: '5' },
      },
      {
        activity: 'Early swim',
        energy: 80,
        engagement: 70,
        createdAt: earlyToday.toISOString(),
        answers: { [mood!]: '4' },
      },
    ]);
    const { user, activity, save } = await openTrack(person);
    const group = await screen.findByRole('group', { name: 'Your questions' });
    const moodGroup = within(group).getByRole('radiogroup', { name: 'Mood' });
    const sleepInput = within(group).getByRole('spinbutton', { name: 'Hours slept' });

    // Today has Mood's answer (given at 00:01 here, the day before in UTC),
    // not yet Hours slept's: yesterday's answer is yesterday's.
    await waitFor(() => expect(within(moodGroup).getByRole('radio', { name: '4' })).toBeChecked());
    expect(moodGroup).toHaveAccessibleDescription('Today’s answer. Change it if it has changed.');
    expect(sleepInput).toHaveValue(null);

    await user.type(activity, 'Breakfast');
    await user.type(sleepInput, '8');
    await user.click(save);
    await screen.findByText('Activity saved!');
    // The day's answer, unchanged, is not sent again.
    expect((await storedAnswers(person))[0]).toEqual({
      activity: 'Breakfast',
      answers: { [sleep!]: '8' },
    });

    // Both are the day's now; changing one sends it with the next entry.
    await waitFor(() => expect(sleepInput).toHaveValue(8));
    expect(sleepInput).toHaveAccessibleDescription(
      'h Today’s answer. Change it if it has changed.',
    );
    await user.type(activity, 'Lunch');
    await user.click(within(moodGroup).getByRole('radio', { name: '2' }));
    await user.click(save);
    await waitFor(() => expect(activity).toHaveValue(''));
    expect((await storedAnswers(person))[0]).toEqual({
      activity: 'Lunch',
      answers: { [mood!]: '2' },
    });
    await waitFor(() => expect(within(moodGroup).getByRole('radio', { name: '2' })).toBeChecked());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryTab } from '../../src/features/history/components/HistoryTab.tsx';
import { TrackTab } from '../../src/features/track/components/TrackTab.tsx';
import { recordActivities, storedActivities } from '../support/activities.ts';
import { itemFor, shownActivities } from '../support/history-screen.ts';
import { addQuestions } from '../support/own-questions.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser, type AppUser } from '../support/users.ts';

// Look Back shows each entry's answers to the person's own questions, and
// the day's once-a-day answers with every entry of that day
// (docs/decisions/084 and 093); its editor changes them, and Undo of a
// delete brings them back.

afterEach(() => {
  delete (navigator as { onLine?: boolean }).onLine;
});

/** Two entries of one past day, 09:00 and 15:00 here, with answers. */
async function dayWithAnswers() {
  const person = await signUpAppUser('own-history');
  const [caffeine, sleep, stress] = await addQuestions(person, [
    { question: 'Caffeine', answer_type: 'yes_no' },
    { question: 'Hours slept', answer_type: 'number', unit: 'h', asked: 'day' },
    { question: 'Stress', answer_type: 'scale' },
  ]);
  await recordActivities(person, [
    {
      activity: 'Morning run',
      energy: 80,
      engagement: 60,
      createdAt: new Date(2026, 2, 10, 9).toISOString(),
      answers: { [caffeine!]: 'true', [sleep!]: '7' },
    },
    {
      activity: 'Meetings',
      energy: 30,
      engagement: 40,
      createdAt: new Date(2026, 2, 10, 15).toISOString(),
      answers: { [stress!]: '4' },
    },
  ]);
  return { person, ids: { caffeine: caffeine!, sleep: sleep!, stress: stress! } };
}

const answersOf = (name: string) =>
  within(within(itemFor(name)).getByRole('group', { name: 'Your questions' }))
    .getAllByRole('paragraph')
    .map((line) => line.textContent);

async function storedAnswers(person: AppUser) {
  return (await storedActivities(person, 'activity, answers')) as unknown as {
    activity: string;
    answers: Record<string, string>;
  }[];
}

describe('own answers in Look Back', () => {
  it("shows each entry's answers, and the day's once-a-day answer with every entry of the day", async () => {
    const { person } = await dayWithAnswers();
    renderSignedInTab(<HistoryTab />, person);
    await waitFor(() => expect(shownActivities()).toEqual(['Meetings', 'Morning run']));

    await waitFor(() =>
      expect(answersOf('Morning run')).toEqual(['Caffeine: Yes', 'Hours slept: 7 h']),
    );
    await waitFor(() => expect(answersOf('Meetings')).toEqual(['Hours slept: 7 h', 'Stress: 4']));
  });

  it('edits an entry’s answers with the controls Track has', async () => {
    const { person, ids } = await dayWithAnswers();
    const user = userEvent.setup();
    renderSignedInTab(<HistoryTab />, person);
    await waitFor(() => expect(shownActivities()).toContain('Meetings'));
    await user.click(within(itemFor('Meetings')).getByRole('button', { name: 'Edit Meetings' }));
    const form = screen.getByRole('form', { name: 'Edit Meetings' });
    const group = await within(form).findByRole('group', { name: 'Your questions' });

    expect(within(group).getByRole('radio', { name: '4' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: '2' }));
    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Entry updated');
    await waitFor(() =>
      expect(answersOf('Meetings')).toEqual(['Caffeine: Yes', 'Hours slept: 7 h', 'Stress: 2']),
    );
    expect((await storedAnswers(person))[0]).toEqual({
      activity: 'Meetings',
      answers: { [ids.caffeine]: 'true', [ids.stress]: '2' },
    });
  });

  it('brings an entry back with its answers on Undo of a delete', async () => {
    const { person, ids } = await dayWithAnswers();
    const user = userEvent.setup();
    renderSignedInTab(<HistoryTab />, person);
    await waitFor(() => expect(shownActivities()).toContain('Morning run'));
    await user.click(
      within(itemFor('Morning run')).getByRole('button', { name: 'Edit Morning run' }),
    );
    const form = screen.getByRole('form', { name: 'Edit Morning run' });
    await user.click(within(form).getByRole('button', { name: 'Delete entry' }));
    await waitFor(() => expect(shownActivities()).toEqual(['Meetings']));
    // The day lost its answer to Hours slept with the entry that held it.
    await waitFor(() => expect(answersOf('Meetings')).toEqual(['Stress: 4']));

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shownActivities()).toEqual(['Meetings', 'Morning run']));
    await waitFor(() =>
      expect(answersOf('Morning run')).toEqual(['Caffeine: Yes', 'Hours slept: 7 h']),
    );
    expect((await storedAnswers(person))[1]).toEqual({
      activity: 'Morning run',
      answers: { [ids.caffeine]: 'true', [ids.sleep]: '7' },
    });
  });

  it('shows the answers of an entry saved offline while it waits, then once when sent', async () => {
    const person = await signUpAppUser('own-history-waiting');
    const [caffeine] = await addQuestions(person, [
      { question: 'Caffeine', answer_type: 'yes_no' },
    ]);
    const user = userEvent.setup();
    renderSignedInTab(
      <>
        <TrackTab />
        <HistoryTab />
      </>,
      person,
    );
    const group = await screen.findByRole('group', { name: 'Your questions' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    await user.type(screen.getByPlaceholderText('What are you doing?'), 'Train ride');
    await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save Activity' }));

    const waiting = await screen.findByRole('region', { name: 'Not yet sent' });
    const entry = within(waiting).getByRole('listitem');
    expect(within(entry).getByRole('group', { name: 'Your questions' })).toHaveTextContent(
      'Caffeine: Yes',
    );

    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Not yet sent' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(shownActivities()).toEqual(['Train ride']));
    await waitFor(() => expect(answersOf('Train ride')).toEqual(['Caffeine: Yes']));
    expect(await storedAnswers(person)).toEqual([
      { activity: 'Train ride', answers: { [caffeine!]: 'true' } },
    ]);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createOwnQuestions } from '../../src/features/your-data/api/create-own-questions.ts';
import { fetchOwnQuestions } from '../../src/journal/own-questions.ts';
import { YourDataSection } from '../../src/features/your-data/components/YourDataSection.tsx';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';

// Profile's Import with a person's own questions (docs/decisions/100): the
// preview names the questions it will add, imports them with their answers,
// and a wrong answer stops the whole import, named by its line.

const HOURS = {
  question: 'Hours slept',
  answer_type: 'number',
  unit: 'h',
  lowest: 0,
  highest: 24,
  label_1: null,
  label_5: null,
  asked: 'day',
  hidden: false,
} as const;

const csv = (sleep: string) =>
  [
    'date,activity,energy,engagement,flow_state,notes,tags,hours slept,Mood',
    `2025-06-01T07:00:00Z,Run,80,70,false,,,${sleep},"calm, ""fine"" 🙂"`,
    '2025-06-02T07:00:00Z,Read,60,50,false,,,8,',
  ].join('\r\n') + '\r\n';

async function chooseFile(text: string) {
  const user = userEvent.setup();
  await user.upload(
    // The section shows once the session is read.
    await screen.findByTestId('import-file'),
    new File([text], 'journal.csv', { type: 'text/csv' }),
  );
  return user;
}

describe('importing a file with own questions', () => {
  it('adds the questions the account lacks and the answers, after saying so', async () => {
    const account = await signUpAppUser('import-panel-own');
    const [hours] = await createOwnQuestions(account.supabase, [HOURS]);
    renderSignedInTab(<YourDataSection />, account);

    const user = await chooseFile(csv('7.5'));
    expect(
      await screen.findByText('1 question will be added to Your questions: “Mood”.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 entries' }));
    expect(
      await screen.findByText('Import finished: 2 entries added, 0 already there.'),
    ).toBeInTheDocument();

    const questions = await fetchOwnQuestions(account.supabase);
    expect(questions.map((q) => [q.question, q.answer_type])).toEqual([
      ['Hours slept', 'number'],
      ['Mood', 'text'],
    ]);
    const mood = String(questions[1]!.id);
    const { data } = await account.supabase
      .from('activities')
      .select('activity, answers')
      .order('created_at');
    expect(data).toEqual([
      { activity: 'Run', answers: { [hours!.id]: '7.5', [mood]: 'calm, "fine" 🙂' } },
      { activity: 'Read', answers: { [hours!.id]: '8' } },
    ]);
  });

  it('imports nothing when an answer breaks its question, and names the line', async () => {
    const account = await signUpAppUser('import-panel-bad');
    await createOwnQuestions(account.supabase, [HOURS]);
    renderSignedInTab(<YourDataSection />, account);

    await chooseFile(csv('25'));
    expect(
      await screen.findByText(
        'Nothing can be imported until the answers and questions named below are fixed.',
      ),
    ).toBeInTheDocument();
    const problems = screen.getByRole('list', { name: 'Problems in the file' });
    expect(
      within(problems).getByText('line 2: "Hours slept" must be from 0 to 24, not 25'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 0 entries' })).toBeDisabled();
    expect(await fetchOwnQuestions(account.supabase)).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OwnQuestionsSection } from '../../src/features/profile/components/OwnQuestionsSection.tsx';
import { recordActivities } from '../support/activities.ts';
import { addQuestions } from '../support/own-questions.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signInElsewhere, signUpAppUser, type AppUser } from '../support/users.ts';

// Profile's "Your questions" (docs/product.md, Profile; docs/decisions/084):
// the person defines, changes, hides and shows again questions of their
// own; the database refuses a bad one with a message the form shows.

async function openSection(account?: AppUser) {
  const person = account ?? (await signUpAppUser('own-questions'));
  const user = userEvent.setup();
  renderSignedInTab(<OwnQuestionsSection />, person);
  const section = await screen.findByRole('region', { name: 'Your questions' });
  await waitFor(() =>
    expect(within(section).getByRole('button', { name: 'Add a question' })).toBeEnabled(),
  );
  // The button gives way to the form and comes back: found afresh each time.
  const add = () => within(section).getByRole('button', { name: 'Add a question' });
  return { user, person, section, add };
}

/** The person's questions as the server holds them, read from another sign-in. */
async function storedQuestions({ email, password }: AppUser) {
  const client = await signInElsewhere(email, password);
  const { data, error } = await client
    .from('questions')
    .select('question, answer_type, unit, lowest, highest, label_1, label_5, asked, active')
    .not('owner_id', 'is', null)
    .order('id');
  if (error) throw error;
  return data;
}

const form = () => screen.getByRole('form', { name: 'Add a question' });
const field = (label: string) => within(form()).getByLabelText(label);

describe('Your questions in Profile', () => {
  it('defines a question of each type, and lists each with Edit and Hide', async () => {
    const { user, person, section, add } = await openSection();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();

    await user.click(add());
    expect(field('Question')).toHaveFocus();
    await user.type(field('Question'), 'Caffeine');
    expect(field('Answer type')).toHaveValue('yes_no');
    await user.click(within(form()).getByRole('button', { name: 'Save question' }));
    await within(section).findByText('Question saved');

    await user.click(add());
    await user.type(field('Question'), 'Hours slept');
    await user.selectOptions(field('Answer type'), 'Number');
    await user.type(field('Unit'), 'h');
    await user.type(field('Lowest'), '0');
    await user.type(field('Highest'), '24');
    await user.selectOptions(field('Asked'), 'Once a day');
    await user.click(within(form()).getByRole('button', { name: 'Save question' }));
    await within(section).findByText('Question saved');

    await user.click(add());
    await user.type(field('Question'), 'Stress');
    await user.selectOptions(field('Answer type'), 'Scale 1 to 5');
    expect(within(form()).queryByLabelText('Unit')).not.toBeInTheDocument();
    await user.type(field('Label for 1'), 'Calm');
    await user.type(field('Label for 5'), 'Tense');
    await user.click(within(form()).getByRole('button', { name: 'Save question' }));
    await within(section).findByText('Question saved');

    await user.click(add());
    await user.type(field('Question'), 'Where were you?');
    await user.selectOptions(field('Answer type'), 'Short text');
    await user.click(within(form()).getByRole('button', { name: 'Save question' }));
    await within(section).findByText('Question saved');

    const items = await waitFor(() => {
      const shown = within(within(section).getByRole('list')).getAllByRole('listitem');
      expect(shown).toHaveLength(4);
      return shown;
    });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Caffeine'),
      expect.stringContaining('Hours slept'),
      expect.stringContaining('Stress'),
      expect.stringContaining('Where were you?'),
    ]);
    for (const item of items) {
      expect(within(item).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    }
    expect(await storedQuestions(person)).toEqual([
      {
        question: 'Caffeine',
        answer_type: 'yes_no',
        unit: null,
        lowest: null,
        highest: null,
        label_1: null,
        label_5: null,
        asked: 'entry',
        active: true,
      },
      {
        question: 'Hours slept',
        answer_type: 'number',
        unit: 'h',
        lowest: 0,
        highest: 24,
        label_1: null,
        label_5: null,
        asked: 'day',
        active: true,
      },
      {
        question: 'Stress',
        answer_type: 'scale',
        unit: null,
        lowest: null,
        highest: null,
        label_1: 'Calm',
        label_5: 'Tense',
        asked: 'entry',
        active: true,
      },
      {
        question: 'Where were you?',
        answer_type: 'text',
        unit: null,
        lowest: null,
        highest: null,
        label_1: null,
        label_5: null,
        asked: 'entry',
        active: true,
      },
    ]);
  });

  it("shows the server's message for every refused input, and saves nothing", async () => {
    const person = await signUpAppUser('own-questions-refused');
    await addQuestions(person, [{ question: 'Caffeine', answer_type: 'yes_no' }]);
    const { user, add } = await openSection(person);
    await user.click(add());
    const save = within(form()).getByRole('button', { name: 'Save question' });

    await user.click(save);
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Enter the question.');

    await user.type(field('Question'), 'x'.repeat(101));
    await user.click(save);
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        'A question can be at most 100 characters. It has 101 characters.',
      ),
    );

    await user.clear(field('Question'));
    await user.type(field('Question'), '  CAFFEINE ');
    await user.click(save);
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        'You already have the question "CAFFEINE". Questions differ by more than case and spaces.',
      ),
    );

    await user.clear(field('Question'));
    await user.type(field('Question'), 'Hours slept');
    await user.selectOptions(field('Answer type'), 'Number');
    await user.type(field('Lowest'), '10');
    await user.type(field('Highest'), '2');
    await user.click(save);
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        'Lowest must not be above Highest. Lowest is 10, Highest 2.',
      ),
    );

    await user.clear(field('Lowest'));
    await user.type(field('Unit'), 'hours of sleep each night');
    await user.click(save);
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        'A unit can be at most 20 characters on one line.',
      ),
    );

    await user.selectOptions(field('Answer type'), 'Scale 1 to 5');
    await user.type(field('Label for 1'), 'y'.repeat(41));
    await user.click(save);
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent(
        "A scale's labels can be at most 40 characters on one line.",
      ),
    );

    expect((await storedQuestions(person)).map((q) => q.question)).toEqual(['Caffeine']);
  });

  it('hides a question and shows it again', async () => {
    const person = await signUpAppUser('own-questions-hide');
    await addQuestions(person, [{ question: 'Caffeine', answer_type: 'yes_no' }]);
    const { user, section } = await openSection(person);
    const item = await within(section).findByRole('listitem');

    await user.click(within(item).getByRole('button', { name: 'Hide' }));
    await within(section).findByText('Question hidden');
    expect(item).toHaveTextContent('(hidden)');
    await user.click(within(item).getByRole('button', { name: 'Show again' }));
    await within(section).findByText('Question shown again');
    expect(within(item).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect((await storedQuestions(person))[0]).toMatchObject({ active: true });
  });

  it('changes a question, and keeps the type of one that has answers, saying why', async () => {
    const person = await signUpAppUser('own-questions-edit');
    const [stress] = await addQuestions(person, [
      { question: 'Stress', answer_type: 'scale' },
      { question: 'Mood', answer_type: 'scale' },
    ]);
    await recordActivities(person, [
      { activity: 'Work', energy: 40, engagement: 50, answers: { [stress!]: '4' } },
    ]);
    const { user, section } = await openSection(person);
    const items = await within(section).findAllByRole('listitem');

    await user.click(within(items[0]!).getByRole('button', { name: 'Edit' }));
    const answered = screen.getByRole('form', { name: 'Edit “Stress”' });
    const type = within(answered).getByLabelText('Answer type');
    await waitFor(() => expect(type).toBeDisabled());
    expect(type).toHaveAccessibleDescription(
      'The answer type cannot change once the question has answers. To answer it another way, hide it and add a new question.',
    );
    await user.clear(within(answered).getByLabelText('Question'));
    await user.type(within(answered).getByLabelText('Question'), 'Stress at work');
    await user.click(within(answered).getByRole('button', { name: 'Save question' }));
    await within(section).findByText('Question saved');

    await user.click(within(items[1]!).getByRole('button', { name: 'Edit' }));
    const unanswered = screen.getByRole('form', { name: 'Edit “Mood”' });
    expect(within(unanswered).getByLabelText('Answer type')).toBeEnabled();
    await user.selectOptions(within(unanswered).getByLabelText('Answer type'), 'Short text');
    await user.click(within(unanswered).getByRole('button', { name: 'Save question' }));
    await within(section).findByText('Question saved');

    expect(
      (await storedQuestions(person)).map(({ question, answer_type }) => [question, answer_type]),
    ).toEqual([
      ['Stress at work', 'scale'],
      ['Mood', 'text'],
    ]);
  });

  it('holds at most 20 questions that are not hidden, and says so', async () => {
    const person = await signUpAppUser('own-questions-limit');
    await addQuestions(
      person,
      Array.from({ length: 21 }, (_, i) => ({
        question: `Question ${i + 1}`,
        answer_type: 'text' as const,
        active: i < 20,
      })),
    );
    const user = userEvent.setup();
    renderSignedInTab(<OwnQuestionsSection />, person);
    const section = await screen.findByRole('region', { name: 'Your questions' });
    const add = within(section).getByRole('button', { name: 'Add a question' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(21));
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'You have 20 questions that are not hidden, the most there can be. Hide one to add another.',
    );

    const hidden = within(section).getAllByRole('listitem')[20]!;
    await user.click(within(hidden).getByRole('button', { name: 'Show again' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'You can have at most 20 questions that are not hidden. Hide a question to add or show another.',
    );
    expect((await storedQuestions(person)).filter((q) => q.active)).toHaveLength(20);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import WeeklyReviewScreen from '../../src/features/weekly-review/components/WeeklyReviewScreen.tsx';
import WeeklyReviewSection from '../../src/features/weekly-review/components/WeeklyReviewSection.tsx';
import { thisMonday, weekOf } from '../../src/features/weekly-review/weeks.ts';
import { recordActivities } from '../support/activities.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';

// The week's review against the real server (docs/product.md 10.1): the
// lists come from week_in_review, the form saves through the upsert and
// saving again updates the same week.

describe('the weekly review screen', () => {
  it('lists the week, saves the reflections and the experiment, and saves them again', async () => {
    const user = await signUpAppUser('review-screen');
    await recordActivities(user, [
      { activity: 'Walk outside', energy: 90, engagement: 60, flowState: true, notes: 'hill' },
      { activity: 'Email', energy: 20, engagement: 30, tags: ['screens'] },
    ]);
    const monday = thisMonday();
    const view = renderSignedInTab(<WeeklyReviewScreen monday={monday} onBack={() => {}} />, user);

    // The focus moves in an effect after the heading is drawn, so wait for it.
    const heading = await screen.findByRole('heading', { name: /^Your week: / });
    await waitFor(() => expect(heading).toHaveFocus());
    const energized = await screen.findByRole('region', { name: 'What gave you energy' });
    expect(energized).toHaveTextContent(
      'Walk outsideaverage energy 90% · 1 entry, a figure that rests on one entry',
    );
    expect(screen.getByRole('region', { name: 'What drained you' })).toHaveTextContent('Email');
    expect(screen.getByRole('region', { name: 'Flow moments' })).toHaveTextContent('hill');
    expect(screen.queryByRole('heading', { name: 'Last week you planned' })).toBeNull();

    const ui = userEvent.setup();
    for (const label of ['Activities', 'Environment', 'Interactions', 'Objects', 'Users']) {
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveAccessibleDescription(/\?$/);
    }
    await ui.type(screen.getByRole('textbox', { name: 'Activities' }), 'Walking 🙂');
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Do more of' }), 'Walk outside');
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Do less of' }), 'screens');
    await ui.type(screen.getByRole('textbox', { name: 'How' }), 'At lunch');
    await ui.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Review saved.')).toBeInTheDocument();

    await ui.type(screen.getByRole('textbox', { name: 'Users' }), 'Sam');
    expect(screen.queryByText('Review saved.')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByText('Review saved.')).toBeInTheDocument();

    const { data } = await user.supabase
      .from('weekly_reviews')
      .select('week_start, activities, users, more_kind, more_name, less_kind, less_name, how');
    expect(data).toEqual([
      {
        week_start: monday,
        activities: 'Walking 🙂',
        users: 'Sam',
        more_kind: 'activity',
        more_name: 'Walk outside',
        less_kind: 'tag',
        less_name: 'screens',
        how: 'At lunch',
      },
    ]);
    view.unmount();

    // Reopened from Insights' Past reviews: its reflections and experiment.
    const opened: string[] = [];
    renderSignedInTab(<WeeklyReviewSection onOpenWeek={(m) => opened.push(m)} />, user);
    const past = await screen.findByText(weekOf(monday));
    await ui.click(past);
    const details = past.closest('details')!;
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('Walking 🙂')).toBeVisible();
    expect(within(details).getByText('screens (tag)')).toBeVisible();
    await ui.click(within(details).getByRole('button', { name: 'Open this review' }));
    await ui.click(screen.getByRole('button', { name: 'Review last week' }));
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[0]).toBe(monday);
  });

  it('shows the start of a long note, the whole note on request, and how many moments it left out', async () => {
    const user = await signUpAppUser('review-crowded');
    const longNote = `${'Up the hill. '.repeat(20)}At the top: the sea.`;
    // 52 moments in flow: the look back lists the 50 most recent (ADR 087).
    await recordActivities(user, [
      { activity: 'Swim', energy: 80, engagement: 70, flowState: true, notes: longNote },
      ...Array.from({ length: 51 }, (_, i) => ({
        activity: `Climb ${i + 1}`,
        energy: 70,
        engagement: 60,
        flowState: true,
      })),
    ]);
    renderSignedInTab(<WeeklyReviewScreen monday={thisMonday()} onBack={() => {}} />, user);

    const flow = await screen.findByRole('region', { name: 'Flow moments' });
    expect(flow).toHaveTextContent('The 50 most recent of 52 flow moments.');
    expect(flow).not.toHaveTextContent('Swim');
    expect(screen.getByRole('region', { name: 'What gave you energy' })).toHaveTextContent(
      '50 of 52 activities shown.',
    );
  });

  it('opens the whole of a note the look back sent the start of', async () => {
    const user = await signUpAppUser('review-long-note');
    const longNote = `${'Up the hill. '.repeat(20)}At the top: the sea.`;
    await recordActivities(user, [
      { activity: 'Swim', energy: 80, engagement: 70, flowState: true, notes: longNote },
    ]);
    renderSignedInTab(<WeeklyReviewScreen monday={thisMonday()} onBack={() => {}} />, user);

    const flow = await screen.findByRole('region', { name: 'Flow moments' });
    await within(flow).findByText(`${longNote.slice(0, 200)}…`);
    expect(flow).not.toHaveTextContent('At the top: the sea.');
    await userEvent
      .setup()
      .click(within(flow).getByRole('button', { name: 'Show the whole note' }));
    expect(await within(flow).findByText(longNote)).toBeInTheDocument();
    expect(within(flow).queryByRole('button', { name: 'Show the whole note' })).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InsightsTab from '../../src/features/insights/components/InsightsTab.tsx';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';
import { addOwnQuestion, recordOwnEntries, type OwnEntry } from './own-question-journal.ts';

// "Your questions" and an own yes-or-no question among the comparisons
// (docs/decisions/085), written from the real server's answer.

/** A local time of a past day. */
function daysAgo(days: number, hour: number, minute = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  d.setHours(hour, minute, 0, 0);
  return d.toISOString();
}

describe('Your questions', () => {
  it('relates each question to energy in a sentence, or says what it still needs', async () => {
    const account = await signUpAppUser('insights-own-questions');
    const sleep = await addOwnQuestion(account, {
      question: 'Hours slept',
      answer_type: 'number',
      unit: 'h',
      asked: 'day',
    });
    const caffeine = await addOwnQuestion(account, { question: 'Caffeine', answer_type: 'yes_no' });
    const mood = await addOwnQuestion(account, {
      question: 'Mood',
      answer_type: 'scale',
      label_1: 'low',
      label_5: 'high',
      asked: 'day',
    });
    // 12 days, three entries each. Energy is exactly 40 + 3 per hour slept
    // above 5, and 9 less with Caffeine: Yes (one entry a day, at varying
    // hours; the others answered No), so every day's average is 3 lower
    // and every fit is exact and clear. Mood is answered on 4 days only.
    const entries: OwnEntry[] = [];
    for (let d = 1; d <= 12; d++) {
      const hours = 5 + (d % 5);
      for (let k = 0; k < 3; k++) {
        const yes = k === d % 3;
        const own: Record<number, string> = { [caffeine]: String(yes) };
        if (k === 0) own[sleep] = String(hours);
        if (k === 0 && d <= 4) own[mood] = String(1 + (d % 5));
        entries.push({
          activity: ['Email', 'Walk', 'Reading'][(k + d) % 3]!,
          energy: 40 + 3 * (hours - 5) - (yes ? 9 : 0),
          own,
          createdAt: daysAgo(d, 9 + 4 * k),
        });
      }
    }
    await recordOwnEntries(account, entries);
    renderSignedInTab(
      <InsightsTab onOpenActivity={() => {}} onTrack={() => {}} onOpenDay={() => {}} />,
      account,
    );
    const section = await screen.findByRole('region', { name: 'Your questions' });

    expect(section).toHaveTextContent(
      'Each extra h of Hours slept goes with 3 points more energy that day (95% interval 3 to 3, on 12 days).',
    );
    expect(section).toHaveTextContent(
      'Clear: it holds with all of this screen’s comparisons and questions counted.',
    );
    expect(section).toHaveTextContent(
      'Answered on 4 days: it needs answers on 6 more days (10 in all) before it is related to your energy.',
    );
    // Caffeine is asked with every entry: a comparison, Yes against No.
    expect(section).not.toHaveTextContent('Caffeine');
    expect(screen.getByRole('region', { name: 'What goes with more energy' })).toHaveTextContent(
      'Answered Yes to Caffeine: 9 points less energy than entries answered No at the same time of day (95% interval 9 to 9; 12 entries on 12 days).',
    );
    expect(screen.getByRole('region', { name: 'What to try' })).toHaveTextContent(
      'Try less of what you answer Yes to Caffeine: 9 points less energy than entries answered No',
    );
    expect(
      screen.getByRole('region', { name: 'How these numbers are calculated' }),
    ).toHaveTextContent(
      'A question is related once it has answers on 10 days (a yes-or-no question also 3 days of each answer)',
    );
  });

  it('is not shown to someone without questions of their own', async () => {
    const account = await signUpAppUser('insights-no-own-questions');
    await recordOwnEntries(account, [
      { activity: 'Walk', energy: 60, own: {}, createdAt: daysAgo(1, 10) },
    ]);
    renderSignedInTab(
      <InsightsTab onOpenActivity={() => {}} onTrack={() => {}} onOpenDay={() => {}} />,
      account,
    );
    await screen.findByRole('heading', { name: 'Energizers' });
    expect(screen.queryByRole('region', { name: 'Your questions' })).toBeNull();
  });
});

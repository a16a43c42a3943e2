import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InsightsTab from '../../src/features/insights/components/InsightsTab.tsx';
import { recordActivities } from '../support/activities.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser, type AppUser } from '../support/users.ts';

// The ranking's rules come from the insights function's answer; the tab
// must still say them word for word as docs/product.md 10 does.

async function openInsightsTab(account: AppUser) {
  renderSignedInTab(
    <InsightsTab onOpenActivity={() => {}} onTrack={() => {}} onOpenDay={() => {}} />,
    account,
  );
  await screen.findByRole('heading', { name: 'Energizers' });
}

const times = (n: number, entry: { activity: string; energy: number; engagement: number }) =>
  Array.from({ length: n }, () => entry);

describe('the Insights tab states its rules', () => {
  it('with one activity ranked and one that needs more entries', async () => {
    const account = await signUpAppUser('insights-rules');
    await recordActivities(account, [
      ...times(3, { activity: 'Painting', energy: 80, engagement: 90 }),
      { activity: 'Meetings', energy: 20, engagement: 40 },
    ]);
    await openInsightsTab(account);

    for (const text of [
      'Activities averaging 50% energy or more, highest first.',
      'Activities averaging below 50% energy, lowest first.',
      'No activity averages below 50% energy.',
      'Ranked once they have 3 entries in this period.',
      'An activity is ranked once it has at least 3 entries. Energizers average 50% energy or more (highest first); Drainers average below 50% (lowest first); up to 5 of each.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('cell', { name: 'Flow zone' })).toBeInTheDocument();
  });

  it('with entries but nothing ranked yet', async () => {
    const account = await signUpAppUser('insights-unranked');
    await recordActivities(account, [{ activity: 'Reading', energy: 60, engagement: 70 }]);
    await openInsightsTab(account);

    for (const text of [
      'Nothing ranked yet: an activity is ranked once it has 3 entries in the period. Keep logging, using the same names.',
      'No activity averages 50% energy or more yet.',
      'Activities appear here once they have 3 entries.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});

describe('what goes with more energy', () => {
  it('says when there is not enough data yet', async () => {
    const account = await signUpAppUser('insights-compare-few');
    await recordActivities(account, times(3, { activity: 'Painting', energy: 80, engagement: 90 }));
    await openInsightsTab(account);

    expect(screen.getByRole('heading', { name: 'What goes with more energy' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'What goes with more engagement' }),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText(
        'Not enough data yet: an activity or tag is compared once it has 3 entries in the period, and there are 3 entries without it.',
      ),
    ).toHaveLength(2);
  });

  it('writes each comparison as a sentence, clear ones first', async () => {
    const account = await signUpAppUser('insights-compare');
    await recordActivities(account, [
      { activity: 'Painting', energy: 80, engagement: 50 },
      { activity: 'Painting', energy: 90, engagement: 50 },
      { activity: 'Painting', energy: 70, engagement: 50 },
      { activity: 'Meetings', energy: 20, engagement: 50 },
      { activity: 'Meetings', energy: 30, engagement: 50 },
      { activity: 'Meetings', energy: 40, engagement: 50 },
    ]);
    await openInsightsTab(account);

    // 80 against 30 (each s² 100): SE 8.165, ν 4, t 2.776: 50 ± 22.7.
    const energy = screen.getByRole('region', { name: 'What goes with more energy' });
    expect(energy).toHaveTextContent(
      'Your energy was 50 points higher on entries of Painting (3 entries with, 3 without; 95% interval 27 to 73).',
    );
    expect(energy).toHaveTextContent(
      'Your energy was 50 points lower on entries of Meetings (3 entries with, 3 without; 95% interval 27 to 73).',
    );
    const engagement = screen.getByRole('region', { name: 'What goes with more engagement' });
    expect(engagement).toHaveTextContent(
      'No clear difference yet: every 95% interval still includes zero.',
    );
    expect(engagement).toHaveTextContent('Not clear yet (2): the 95% interval includes zero');
    expect(engagement).toHaveTextContent(
      'Your engagement was about the same on entries of Meetings (3 entries with, 3 without; 95% interval 0 to 0).',
    );
  });
});

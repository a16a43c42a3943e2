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

/** A local time of a past day, so the entries fall on several days. */
function daysAgo(days: number, hour: number, minute = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  d.setHours(hour, minute, 0, 0);
  return d.toISOString();
}

describe('what goes with more energy', () => {
  it('says when there is not enough data yet, and that nothing is clear to try', async () => {
    const account = await signUpAppUser('insights-compare-few');
    await recordActivities(account, times(3, { activity: 'Painting', energy: 80, engagement: 90 }));
    await openInsightsTab(account);

    expect(screen.getByRole('heading', { name: 'What goes with more energy' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'What goes with more engagement' }),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText(
        'Not enough data yet: an activity or tag is compared once it has 3 entries in the period, 3 entries without it, and 3 days with entries both with and without it.',
      ),
    ).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'What to try' })).toHaveTextContent(
      'Nothing is clear enough to suggest yet. More days of entries, with the same names for the same activities and tags, will show what goes with your energy.',
    );
  });

  it('writes each comparison as a sentence, clear ones first, and suggests the clear ones', async () => {
    const account = await signUpAppUser('insights-compare');
    // Four days; energy is the day's level plus Walk's +20 and Meetings'
    // −15, whatever the hour; engagement is 50 everywhere. The model fits
    // it exactly: the typical activity is the middle two, Email and
    // Reading (0), so Walk is 20 more and Meetings 15 less, each interval a
    // point; the others are 0 and not clear.
    const LEVELS = [40, 55, 50, 60];
    await recordActivities(
      account,
      LEVELS.flatMap((level, d) => [
        { activity: 'Walk', energy: level + 20, engagement: 50, createdAt: daysAgo(4 - d, 7 + d) },
        {
          activity: 'Email',
          energy: level,
          engagement: 50,
          createdAt: daysAgo(4 - d, 16 - d * 2, 10),
        },
        {
          activity: 'Reading',
          energy: level,
          engagement: 50,
          createdAt: daysAgo(4 - d, 12 + ((d * 3) % 5), 20),
        },
        {
          activity: 'Meetings',
          energy: level - 15,
          engagement: 50,
          createdAt: daysAgo(4 - d, 9 + ((d * 5) % 7), 30),
        },
      ]),
    );
    await openInsightsTab(account);

    const energy = screen.getByRole('region', { name: 'What goes with more energy' });
    expect(energy).toHaveTextContent(
      'Walk: 20 points more energy than your typical activity at the same time of day (95% interval 20 to 20; 4 entries on 4 days).',
    );
    expect(energy).toHaveTextContent(
      'Meetings: 15 points less energy than your typical activity at the same time of day (95% interval 15 to 15; 4 entries on 4 days).',
    );
    expect(energy).toHaveTextContent('Not clear yet (2): could still be chance');
    expect(energy).toHaveTextContent(
      'Your typical activity here: the average of Email and Reading.',
    );
    const engagement = screen.getByRole('region', { name: 'What goes with more engagement' });
    expect(engagement).toHaveTextContent(
      'No clear difference yet, once all 8 comparisons of this screen are counted.',
    );
    const toTry = screen.getByRole('region', { name: 'What to try' });
    expect(toTry).toHaveTextContent(
      'Do more of Walk: 20 points more energy than your typical activity at the same time of day (95% interval 20 to 20; 4 entries on 4 days).',
    );
    expect(toTry).toHaveTextContent(
      'Try less of Meetings: 15 points less energy than your typical activity at the same time of day (95% interval 15 to 15; 4 entries on 4 days).',
    );
  });
});

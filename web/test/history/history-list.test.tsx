import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HistoryTab } from '../../src/features/history/components/HistoryTab.tsx';
import { recordActivities } from '../support/activities.ts';
import { itemFor, shownActivities } from '../support/history-screen.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';

async function openHistoryTab(account: Awaited<ReturnType<typeof signUpAppUser>>) {
  renderSignedInTab(<HistoryTab />, account);
  await screen.findByRole('heading', { name: 'Activity History' });
}

describe('the Look Back tab', () => {
  it('tells a new user that nothing is recorded yet', async () => {
    await openHistoryTab(await signUpAppUser('history-empty'));
    expect(await screen.findByText('No activities recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Activities' })).not.toBeInTheDocument();
  });

  it('lists the activities newest first with their values, Flow badge and notes', async () => {
    const account = await signUpAppUser('history-list');
    await recordActivities(account, [
      { activity: 'Commute', energy: 20, engagement: 40 },
      {
        activity: 'Painting',
        energy: 85,
        engagement: 90,
        flowState: true,
        notes: 'Lost track of time',
      },
      { activity: 'Team meeting', energy: 55, engagement: 65, notes: 'Long agenda' },
    ]);
    await openHistoryTab(account);

    await screen.findByRole('list', { name: 'Activities' });
    expect(shownActivities()).toEqual(['Team meeting', 'Painting', 'Commute']);

    const painting = itemFor('Painting');
    expect(painting).toHaveTextContent(/Energy\s*85%/);
    expect(painting).toHaveTextContent(/Engagement\s*90%/);
    expect(within(painting).getByText('Flow')).toBeInTheDocument();
    expect(within(painting).getByText('Lost track of time')).toBeInTheDocument();

    const meeting = itemFor('Team meeting');
    expect(meeting).toHaveTextContent(/Energy\s*55%/);
    expect(meeting).toHaveTextContent(/Engagement\s*65%/);
    expect(within(meeting).queryByText('Flow')).not.toBeInTheDocument();
    expect(within(meeting).getByText('Long agenda')).toBeInTheDocument();

    const commute = itemFor('Commute');
    expect(commute).toHaveTextContent(/Energy\s*20%/);
    expect(commute).toHaveTextContent(/Engagement\s*40%/);
    expect(within(commute).queryByText('Flow')).not.toBeInTheDocument();
  });

  it('dates each activity with its month, day, hour and minute', async () => {
    const account = await signUpAppUser('history-date');
    const before = Date.now();
    await recordActivities(account, [{ activity: 'Stretching', energy: 30, engagement: 30 }]);
    const after = Date.now();
    await openHistoryTab(account);

    await screen.findByRole('list', { name: 'Activities' });
    const time = itemFor('Stretching').querySelector('time');
    if (!time) throw new Error('the item shows no time');
    const savedAt = new Date(time.dateTime);
    expect(savedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(savedAt.getTime()).toBeLessThanOrEqual(after + 1000);

    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(undefined, options).format(savedAt);
    expect(time).toHaveTextContent(part({ month: 'short' }));
    expect(time).toHaveTextContent(String(savedAt.getDate()));
    expect(time).toHaveTextContent(`:${String(savedAt.getMinutes()).padStart(2, '0')}`);
  });
});

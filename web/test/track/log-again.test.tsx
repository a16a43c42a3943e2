import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TrackTab } from '../../src/features/track/components/TrackTab.tsx';
import { recordActivities, storedActivities } from '../support/activities.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { tabTo } from '../support/tab-to.ts';
import { signUpAppUser } from '../support/users.ts';

// Track's "Log again" (docs/product.md, Track; docs/decisions/072): the
// person's most logged activities, each one press from a filled form.

const logAgainGroup = () => screen.findByRole('group', { name: 'Log again' });

describe("Track's Log again", () => {
  it('offers the most logged activities, most first, each named as last spelled', async () => {
    const account = await signUpAppUser('log-again');
    await recordActivities(account, [
      { activity: 'Emails', energy: 30, engagement: 40 },
      { activity: 'walk outside', energy: 60, engagement: 50 },
      { activity: 'Walk Outside', energy: 85, engagement: 70 },
    ]);
    renderSignedInTab(<TrackTab />, account);
    const group = await logAgainGroup();
    const names = within(group)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Walk Outside', 'Emails']);
    // Above the Activity field, in the keyboard's order too.
    const activity = screen.getByPlaceholderText('What are you doing?');
    expect(group.compareDocumentPosition(activity) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("fills the latest entry's values in one press, leaves Notes empty, and Save logs it", async () => {
    const account = await signUpAppUser('log-again');
    await recordActivities(account, [
      { activity: 'Walk outside', energy: 40, engagement: 20, notes: 'Rain' },
      {
        activity: 'Walk outside',
        energy: 85,
        engagement: 70,
        flowState: true,
        notes: 'Sunny by the river',
        tags: ['park', 'with Sam'],
      },
    ]);
    const user = userEvent.setup();
    renderSignedInTab(<TrackTab />, account);
    const walk = within(await logAgainGroup()).getByRole('button', { name: 'Walk outside' });

    // Keyboard alone: Tab reaches the button, Enter presses it.
    await tabTo(user, walk);
    await user.keyboard('{Enter}');
    expect(screen.getByPlaceholderText('What are you doing?')).toHaveValue('Walk outside');
    expect(screen.getByRole('slider', { name: 'Energy' })).toHaveAttribute('aria-valuenow', '85');
    expect(screen.getByRole('slider', { name: 'Engagement' })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );
    expect(screen.getByRole('switch', { name: 'Flow State' })).toBeChecked();
    expect(screen.getByPlaceholderText('Any additional notes...')).toHaveValue('');
    const tags = screen.getByRole('list', { name: 'Tags of this entry' });
    expect(
      within(tags)
        .getAllByRole('button')
        .map((remove) => remove.ariaLabel),
    ).toEqual(['Remove tag park', 'Remove tag with Sam']);

    await user.click(screen.getByRole('button', { name: 'Save Activity' }));
    // A hang bound: on PostgreSQL beside CI's other suites the save took over 5 s.
    await screen.findByText('Activity saved!', {}, { timeout: 20_000 });
    expect(
      (await storedActivities(account, 'activity, energy, engagement, flow_state, notes, tags'))[0],
    ).toEqual({
      activity: 'Walk outside',
      energy: 85,
      engagement: 70,
      flow_state: true,
      notes: null,
      tags: ['park', 'with Sam'],
    });
  });

  it('shows a new person no group until there is something to offer', async () => {
    const account = await signUpAppUser('log-again-new');
    const user = userEvent.setup();
    renderSignedInTab(<TrackTab />, account);
    const activity = await screen.findByPlaceholderText('What are you doing?');
    expect(screen.queryByRole('group', { name: 'Log again' })).toBeNull();

    await user.type(activity, 'Piano');
    await user.click(screen.getByRole('button', { name: 'Save Activity' }));
    await screen.findByText('Activity saved!');
    // The save refreshed what Log again offers.
    const group = await logAgainGroup();
    expect(within(group).getByRole('button', { name: 'Piano' })).toBeInTheDocument();
    await waitFor(() => expect(activity).toHaveValue(''));
  });
});

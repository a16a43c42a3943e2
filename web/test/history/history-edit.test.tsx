import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HistoryTab } from '../../src/features/history/components/HistoryTab.tsx';
import { recordActivities } from '../support/activities.ts';
import { itemFor, shownActivities } from '../support/history-screen.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signInElsewhere, signUpAppUser, type AppUser } from '../support/users.ts';

/** The user's entries as the server holds them, oldest first. */
async function stored({ email, password }: AppUser) {
  const client = await signInElsewhere(email, password);
  const { data, error } = await client
    .from('activities')
    .select('created_at, activity, energy, engagement, flow_state, notes')
    .order('created_at');
  if (error) throw error;
  return data;
}

async function openEditorFor(account: AppUser, name: string) {
  const user = userEvent.setup();
  renderSignedInTab(<HistoryTab />, account);
  await waitFor(() => expect(shownActivities()).toContain(name));
  await user.click(within(itemFor(name)).getByRole('button', { name: `Edit ${name}` }));
  const form = screen.getByRole('form', { name: `Edit ${name}` });
  return { user, form, field: (label: string) => within(form).getByLabelText(label) };
}

describe('editing an entry in Look Back', () => {
  it('changes its fields in one save and shows the entry as changed', async () => {
    const account = await signUpAppUser('edit');
    await recordActivities(account, [{ activity: 'Emails', energy: 30, engagement: 20 }]);
    const [before] = await stored(account);
    const { user, form, field } = await openEditorFor(account, 'Emails');

    expect(field('Activity')).toHaveFocus();
    await user.clear(field('Activity'));
    await user.type(field('Activity'), 'Deep work');
    const energy = within(form).getByRole('slider', { name: 'Energy' });
    energy.focus();
    await user.keyboard('{End}');
    await user.click(within(form).getByRole('switch', { name: 'Flow State' }));
    await user.type(field('Notes'), 'Quiet morning, "finally"');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(shownActivities()).toEqual(['Deep work']));
    expect(await screen.findByText('Entry updated')).toBeInTheDocument();
    expect(await stored(account)).toEqual([
      {
        created_at: before!.created_at,
        activity: 'Deep work',
        energy: 100,
        engagement: 20,
        flow_state: true,
        notes: 'Quiet morning, "finally"',
      },
    ]);
    expect(
      within(itemFor('Deep work')).getByRole('button', { name: 'Edit Deep work' }),
    ).toHaveFocus();
  });

  it('refuses a time in the future before sending anything', async () => {
    const account = await signUpAppUser('edit-future');
    await recordActivities(account, [{ activity: 'Walk', energy: 60, engagement: 50 }]);
    const { user, form, field } = await openEditorFor(account, 'Walk');
    const nextYear = new Date().getFullYear() + 1;
    await user.clear(field('When'));
    await user.type(field('When'), `${nextYear}-01-01T10:00`);
    expect(within(form).getByText('An entry cannot be in the future')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('deletes an entry and, with Undo, brings it back exactly', async () => {
    const account = await signUpAppUser('delete-undo');
    await recordActivities(account, [
      { activity: 'Kept', energy: 10, engagement: 10 },
      { activity: 'Slip', energy: 77, engagement: 66, flowState: true, notes: 'a, "b"\nc 🙂' },
    ]);
    const before = await stored(account);
    const { user, form } = await openEditorFor(account, 'Slip');
    await user.click(within(form).getByRole('button', { name: 'Delete entry' }));

    await waitFor(() => expect(shownActivities()).toEqual(['Kept']));
    expect(await screen.findByText('Entry deleted')).toBeInTheDocument();
    expect(await stored(account)).toEqual([before[0]]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shownActivities()).toEqual(['Slip', 'Kept']));
    expect(await screen.findByText('Entry restored')).toBeInTheDocument();
    expect(await stored(account)).toEqual(before);
  });
});

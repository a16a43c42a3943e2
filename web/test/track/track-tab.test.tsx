import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TrackTab } from '../../src/features/track/components/TrackTab.tsx';
import { storedActivities } from '../support/activities.ts';
import { recordStates } from '../support/record-states.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { tabTo } from '../support/tab-to.ts';
import { signInElsewhere, signUpAppUser } from '../support/users.ts';

async function openTrackTab() {
  const account = await signUpAppUser('track');
  const user = userEvent.setup();
  renderSignedInTab(<TrackTab />, account);
  await screen.findByRole('heading', { name: 'Track Activity' });
  return {
    user,
    account,
    activity: screen.getByPlaceholderText('What are you doing?'),
    energy: screen.getByRole('slider', { name: 'Energy' }),
    engagement: screen.getByRole('slider', { name: 'Engagement' }),
    flow: screen.getByRole('switch', { name: 'Flow State' }),
    notes: screen.getByPlaceholderText('Any additional notes...'),
    save: screen.getByRole('button', { name: 'Save Activity' }),
  };
}

describe('the Track tab', () => {
  it('enables Save Activity only when the activity has more than blanks', async () => {
    const { user, activity, save } = await openTrackTab();
    expect(activity).toBeRequired();
    expect(save).toBeDisabled();

    await user.type(activity, '   ');
    expect(save).toBeDisabled();

    await user.type(activity, 'Reading');
    expect(save).toBeEnabled();

    await user.clear(activity);
    expect(save).toBeDisabled();
  });

  it('saves the activity, says so, resets the form, and the server holds it', async () => {
    const form = await openTrackTab();
    const { user } = form;
    await user.type(form.activity, '  Morning run  ');
    await tabTo(user, form.energy);
    await user.keyboard('{End}{ArrowDown}{ArrowDown}{ArrowDown}');
    await tabTo(user, form.engagement);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await user.click(form.flow);
    await user.type(form.notes, 'Felt great after the hill');
    expect(form.energy).toHaveAttribute('aria-valuenow', '70');
    expect(form.engagement).toHaveAttribute('aria-valuenow', '30');
    expect(form.flow).toBeChecked();

    const button = recordStates(form.save, () => ({
      text: form.save.textContent,
      disabled: (form.save as HTMLButtonElement).disabled,
    }));
    await user.click(form.save);

    const toast = await screen.findByText('Activity saved!');
    button.stop();
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(button.states).toContainEqual({ text: 'Saving...', disabled: true });
    expect(form.save).toHaveTextContent('Save Activity');

    expect(form.activity).toHaveValue('');
    expect(form.energy).toHaveAttribute('aria-valuenow', '0');
    expect(form.engagement).toHaveAttribute('aria-valuenow', '0');
    expect(form.flow).not.toBeChecked();
    expect(form.notes).toHaveValue('');
    expect(form.save).toBeDisabled();

    expect(await storedActivities(form.account)).toEqual([
      {
        activity: 'Morning run',
        energy: 70,
        engagement: 30,
        flow_state: true,
        notes: 'Felt great after the hill',
      },
    ]);
  });

  it('saves one activity per press, with the dial percentages and no notes when left blank', async () => {
    const form = await openTrackTab();
    const { user } = form;
    await user.type(form.activity, 'Emails');
    await tabTo(user, form.energy);
    await user.keyboard('{ArrowUp}');
    await user.click(form.save);
    await screen.findByText('Activity saved!');

    await user.type(form.activity, 'Deep work');
    await tabTo(user, form.engagement);
    await user.keyboard('{End}');
    await user.click(form.save);
    // The form is emptied only once the server has taken the activity.
    await waitFor(() => expect(form.activity).toHaveValue(''));

    expect(await storedActivities(form.account)).toEqual([
      { activity: 'Deep work', energy: 0, engagement: 100, flow_state: false, notes: null },
      { activity: 'Emails', energy: 10, engagement: 0, flow_state: false, notes: null },
    ]);
  });
  it('logs an activity at an earlier time chosen in When, and refuses a future one', async () => {
    const form = await openTrackTab();
    const { user, account } = form;
    expect(screen.queryByLabelText('When')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log an earlier time' }));
    const when = screen.getByLabelText('When');
    expect(when).toHaveFocus();
    await user.type(form.activity, 'Yesterday evening walk');
    await user.type(when, `${new Date().getFullYear() + 1}-01-01T10:00`);
    expect(screen.getByText('An entry cannot be in the future')).toBeInTheDocument();
    expect(form.save).toBeDisabled();

    await user.clear(when);
    await user.type(when, '2026-01-15T19:30');
    expect(form.save).toBeEnabled();
    await user.click(form.save);
    await screen.findByText('Activity saved!');
    expect(screen.queryByLabelText('When')).not.toBeInTheDocument();

    const client = await signInElsewhere(account.email, account.password);
    const { data } = await client.from('activities').select('created_at');
    const saved = new Date(data![0]!.created_at);
    expect([saved.getFullYear(), saved.getMonth(), saved.getDate()]).toEqual([2026, 0, 15]);
    expect([saved.getHours(), saved.getMinutes()]).toEqual([19, 30]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileTab } from '../../src/features/profile/components/ProfileTab.tsx';
import { YourDataSection } from '../../src/features/your-data/components/YourDataSection.tsx';
import { renderSignedInTab } from '../support/render-app.tsx';
import { SUPPORT_EMAIL } from '../support/runtime-config.ts';
import { signInElsewhere, signUpAppUser, type AppUser } from '../support/users.ts';

async function openProfileTab() {
  const account = await signUpAppUser('profile');
  const user = userEvent.setup();
  // As the app composes it: Your data is handed in (MainApp.tsx).
  renderSignedInTab(<ProfileTab yourData={<YourDataSection />} />, account);
  await screen.findByRole('heading', { name: 'Profile' });
  return {
    user,
    account,
    firstName: screen.getByRole('textbox', { name: 'First Name' }),
    lastName: screen.getByRole('textbox', { name: 'Last Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
  };
}

/** The names on the account as the server holds them, read by a fresh sign-in. */
async function storedNames({ email, password }: AppUser) {
  const client = await signInElsewhere(email, password);
  const { data, error } = await client.auth.getUser();
  if (error) throw error;
  const { first_name, last_name } = data.user.user_metadata;
  return { first_name: first_name as unknown, last_name: last_name as unknown };
}

describe('the Profile tab', () => {
  it("shows the account's e-mail, read-only, and the names locked until Edit Profile", async () => {
    const { user, account, firstName, lastName, email } = await openProfileTab();
    expect(email).toHaveValue(account.email);
    expect(email).toBeDisabled();
    expect(firstName).toBeDisabled();
    expect(lastName).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(firstName).toBeEnabled();
    expect(lastName).toBeEnabled();
    expect(email).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('saves the names to the account and says so', async () => {
    const { user, account, firstName, lastName } = await openProfileTab();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(firstName, 'Ada');
    await user.type(lastName, '  Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(firstName).toBeDisabled();
    expect(firstName).toHaveValue('Ada');
    expect(lastName).toHaveValue('Lovelace');
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(await storedNames(account)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('drops the edits on Cancel, on screen and on the account', async () => {
    const { user, account, firstName, lastName } = await openProfileTab();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.type(firstName, 'Grace');
    await user.type(lastName, 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile updated successfully!');

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(firstName);
    await user.type(firstName, 'Amazing');
    await user.clear(lastName);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(firstName).toHaveValue('Grace');
    expect(lastName).toHaveValue('Hopper');
    expect(firstName).toBeDisabled();

    // Editing again starts from what is saved, not from the dropped draft.
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(firstName).toHaveValue('Grace');
    expect(await storedNames(account)).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('shows the names the account holds when the app starts again', async () => {
    const account = await signUpAppUser('profile-kept');
    const { error } = await account.supabase.auth.updateUser({
      data: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    if (error) throw error;
    // A new start, as a reload is: the Profile tab rendered afresh on the kept session.
    renderSignedInTab(<ProfileTab yourData={<YourDataSection />} />, account);
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada'),
    );
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Lovelace');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  });

  it('offers Send Feedback as an e-mail draft to support with the subject filled in', async () => {
    await openProfileTab();
    expect(screen.getByRole('link', { name: 'Send Feedback' })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}?subject=Energy%20Tracker%20Feedback`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/test-server.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { decodeJwt, PASSWORD, signUp, type SignedUp, canSignIn } from './support.ts';

// A stolen access token stays valid until it expires; it must not be enough
// to change the password, or (without mail) the address (ADR 023).

const server = await serverForFile();

/** Makes the client's session look as if its sign-in happened an hour ago. */
async function ageSession({ session }: SignedUp): Promise<void> {
  const sessionId = decodeJwt(session.access_token)['session_id'];
  await server.database.db.query(
    `UPDATE auth.sessions SET created_at = now() - interval '1 hour' WHERE id = $1`,
    [sessionId],
  );
}

describe('changing the password', () => {
  it('needs the current password once the sign-in is not recent', async () => {
    const user = await signUp(server, 'stolen');
    await ageSession(user);
    const bare = await user.client.auth.updateUser({ password: 'chosen by a thief' });
    expect(bare.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });

    const wrong = await user.client.auth.updateUser({
      password: 'chosen by a thief',
      current_password: 'a wrong guess',
    });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(await canSignIn(server, user.email, 'chosen by a thief')).toBe(false);
    expect(await canSignIn(server, user.email, PASSWORD)).toBe(true);

    const right = await user.client.auth.updateUser({
      password: 'my own new secret',
      current_password: PASSWORD,
    });
    expect(right.error).toBeNull();
    expect(await canSignIn(server, user.email, 'my own new secret')).toBe(true);
  });

  it('accepts a change right after a sign-in without the current password', async () => {
    const user = await signUp(server, 'fresh');
    const { error } = await user.client.auth.updateUser({ password: 'fresh new secret' });
    expect(error).toBeNull();
    expect(await canSignIn(server, user.email, 'fresh new secret')).toBe(true);
  });

  it('checks a given current password even right after a sign-in', async () => {
    const user = await signUp(server, 'checked');
    const { error } = await user.client.auth.updateUser({
      password: 'another new secret',
      current_password: 'not the password',
    });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(await canSignIn(server, user.email, PASSWORD)).toBe(true);
  });
});

describe('changing the e-mail address without mail', () => {
  it('needs the same proof, since the new address applies at once', async () => {
    const user = await signUp(server, 'moveaway');
    await ageSession(user);
    const elsewhere = uniqueEmail('thiefs');
    const bare = await user.client.auth.updateUser({ email: elsewhere });
    expect(bare.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect(await canSignIn(server, elsewhere, PASSWORD)).toBe(false);

    const proven = await user.client.auth.updateUser({
      email: elsewhere,
      current_password: PASSWORD,
    });
    expect(proven.error).toBeNull();
    expect(await canSignIn(server, elsewhere, PASSWORD)).toBe(true);
  });

  it('leaves other changes (the display name) to the token alone', async () => {
    const user = await signUp(server, 'rename');
    await ageSession(user);
    const { error } = await user.client.auth.updateUser({ data: { display_name: 'Renamed' } });
    expect(error).toBeNull();
  });
});

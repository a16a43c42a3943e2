import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmailLink, pkceClient } from '../helpers/browser.ts';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import {
  confirmedUser,
  startMailedServer,
  stopMailedServer,
  type MailedServer,
} from './email-support.ts';

// A recovery anyone can start for anyone's address lands only on SITE_URL's
// host (docs/security.md, "Where a recovery link lands"): a broad redirect
// glob, as hosted Supabase suggests for preview hosts, must not hand the
// owner's code or session to a host a stranger registered under it.

const PREVIEW_GLOB = 'http://*.preview.example/**';
const STRANGERS_HOST = 'http://stranger.preview.example/reset';

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer({ ADDITIONAL_REDIRECT_URLS: PREVIEW_GLOB });
});
afterAll(() => stopMailedServer(mailed));

describe('a recovery started by a stranger', () => {
  it('sends the owner to the site, and the stranger gets no code to exchange', async () => {
    const { server, mailbox } = mailed;
    const { email } = await confirmedUser(server, mailbox, 'victim');
    const stranger = pkceClient(server);
    const started = await stranger.auth.resetPasswordForEmail(email, {
      redirectTo: STRANGERS_HOST,
    });
    expect(started.error).toBeNull();

    const followed = await openEmailLink(linkIn(await mailbox.next(email)));
    expect(followed.location.origin).toBe(new URL(server.url).origin);
    // Without the stranger's challenge the link is the implicit flow's: no code at all.
    const code = followed.query.get('code');
    expect(code).toBeNull();
    const exchanged = await stranger.auth.exchangeCodeForSession(code ?? 'none');
    expect(exchanged.data.session).toBeNull();
  });

  it('still lands on another path of the site with its PKCE code', async () => {
    const { server, mailbox } = mailed;
    const { email } = await confirmedUser(server, mailbox, 'owner');
    const owner = pkceClient(server);
    const redirectTo = `${server.url}/auth/callback`;
    await owner.auth.resetPasswordForEmail(email, { redirectTo });

    const followed = await openEmailLink(linkIn(await mailbox.next(email)));
    expect(followed.location.origin + followed.location.pathname).toBe(redirectTo);
    const exchanged = await owner.auth.exchangeCodeForSession(followed.query.get('code') ?? '');
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInCacheFor } from '../../src/app/signed-in-cache.ts';
import { onThisDayQuery } from '../../src/features/track/api/get-on-this-day.ts';
import { createDataClient } from '../../src/session/data-client.ts';
import { testRuntimeConfig } from '../support/runtime-config.ts';
import { signUpAppUser } from '../support/users.ts';

// Track's "On this day" card reads up to three times, one after the other
// (an empty journal needs all three). Log Out during those reads must stop
// them: a read sent after it would go out without a session and be refused
// with 401, which the browser logs as an error.

const isActivitiesRead = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input.toString()).pathname ===
  '/rest/v1/activities';

const bearer = (init: RequestInit | undefined) =>
  new Headers(init?.headers).get('Authorization')?.replace(/^Bearer /, '');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('On this day and Log Out', () => {
  it('sends no further read once Log Out has ended the session', async () => {
    const user = await signUpAppUser('on-this-day-sign-out');
    const auth = user.supabase.auth;
    const token = (await auth.getSession()).data.session?.access_token;
    const queryClient = signedInCacheFor(auth, user.id).client;
    const data = createDataClient(testRuntimeConfig(), auth);

    // Log Out happens while the first read's answer is on its way back.
    const sentWith: (string | undefined)[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (!isActivitiesRead(input)) return realFetch(input, init);
      sentWith.push(bearer(init));
      const response = await realFetch(input, init);
      if (sentWith.length === 1) await auth.signOut();
      return response;
    });

    // The query as the card runs it, in the app's cache; its function is
    // awaited to the end, since a cancelled query settles before it does.
    const query = onThisDayQuery(data, user.id, new Date());
    const { queryFn } = query;
    if (typeof queryFn !== 'function') throw new Error('the query has no function');
    let run: Promise<unknown> = Promise.resolve();
    await queryClient
      .fetchQuery({
        ...query,
        queryFn: (context) => {
          const result = Promise.resolve(queryFn(context));
          run = result;
          return result;
        },
      })
      .catch(() => undefined);
    await run.catch(() => undefined);

    expect(sentWith).toEqual([token]);
  });
});

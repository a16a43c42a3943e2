import { describe, expect, it } from 'vitest';
import { signedInCacheFor } from '../../src/app/signed-in-cache.ts';
import { onThisDayQuery } from '../../src/features/track/api/get-on-this-day.ts';
import { createDataClient } from '../../src/session/data-client.ts';
import { testRuntimeConfig } from '../support/runtime-config.ts';
import { signUpAppUser } from '../support/users.ts';

// Track's "On this day" card shows nothing when a journal has nothing from
// those days. Its query must then succeed with nothing, not fail: TanStack
// Query refuses undefined as a query's data, so an answer of undefined was
// an error, logged in the browser's console and read again on the retry.

describe('On this day with nothing to show', () => {
  it('succeeds with null for a new journal, in the app’s query cache', async () => {
    const user = await signUpAppUser('on-this-day-nothing');
    const queryClient = signedInCacheFor(user.supabase.auth, user.id).client;
    const data = createDataClient(testRuntimeConfig(), user.supabase.auth);
    const query = onThisDayQuery(data, user.id, new Date());

    await expect(queryClient.fetchQuery(query)).resolves.toBeNull();
    expect(queryClient.getQueryState(query.queryKey)?.status).toBe('success');
  });
});

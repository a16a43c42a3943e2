import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSignedInUser } from '../session/signed-in-session.tsx';
import { DataClientContext, useAuthClient, useRuntimeConfig } from '../session/clients-context.tsx';
import { createDataClient } from '../session/data-client.ts';
import { OutboxProvider } from '../journal/outbox/OutboxProvider.tsx';
import { signedInCacheFor } from './signed-in-cache.ts';

/**
 * What only the signed-in app uses, loaded with it (docs/decisions/027): the
 * data client, which borrows the auth client's session, the query cache, and
 * the account's outbox (docs/decisions/041), which sends Track's entries.
 * The screens' queries wait until the answers kept on the device are back in
 * the cache (docs/decisions/045), so that offline they show those, marked.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const auth = useAuthClient();
  const config = useRuntimeConfig();
  const user = useSignedInUser();
  const [dataClient] = useState(() => createDataClient(config, auth));
  const { client: queryClient, restored } = signedInCacheFor(auth, user.id);
  const restoring = useRestoring(restored);
  return (
    <DataClientContext.Provider value={dataClient}>
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>
          <OutboxProvider key={user.id} userId={user.id}>
            {children}
          </OutboxProvider>
        </IsRestoringProvider>
      </QueryClientProvider>
    </DataClientContext.Provider>
  );
}

/** True until `restored` settles: queries neither fetch nor show while it is. */
function useRestoring(restored: Promise<void>): boolean {
  const [settled, setSettled] = useState<Promise<void> | null>(null);
  useEffect(() => {
    let current = true;
    void restored.then(() => {
      if (current) setSettled(restored);
    });
    return () => {
      current = false;
    };
  }, [restored]);
  return settled !== restored;
}

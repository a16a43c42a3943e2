import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSignedInUser } from '../lib/auth-context.tsx';
import { DataClientContext, useAuthClient, useRuntimeConfig } from '../lib/app-context.tsx';
import { createDataClient } from '../lib/data-client.ts';
import { queryClientFor } from './signed-in-cache.ts';

/**
 * What only the signed-in app uses, loaded with it (docs/decisions/027): the
 * data client, which borrows the auth client's session, and the query cache.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  const auth = useAuthClient();
  const config = useRuntimeConfig();
  const user = useSignedInUser();
  const [dataClient] = useState(() => createDataClient(config, auth));
  return (
    <DataClientContext.Provider value={dataClient}>
      <QueryClientProvider client={queryClientFor(auth, user.id)}>{children}</QueryClientProvider>
    </DataClientContext.Provider>
  );
}

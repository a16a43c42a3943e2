import type { SupabaseClient } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppServicesContext } from '../lib/app-context.tsx';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import { AuthProvider } from '../features/auth/hooks/auth-context.tsx';
import { ForgetDataOnSignOut } from './ForgetDataOnSignOut.tsx';

interface Props {
  supabase: SupabaseClient;
  config: RuntimeConfig;
  children: ReactNode;
}

/** Everything a screen may reach for: the client, the config, the cache, the auth state. */
export function AppProviders({ supabase, config, children }: Props) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // A failed read shows its error at once; the user can retry by acting.
          queries: { retry: 1, refetchOnWindowFocus: false },
        },
      }),
  );
  const [services] = useState(() => ({ supabase, config }));
  return (
    <AppServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ForgetDataOnSignOut />
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </AppServicesContext.Provider>
  );
}

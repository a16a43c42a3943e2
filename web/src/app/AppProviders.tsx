import type { AuthClient } from '../lib/auth-client.ts';
import { useState, type ReactNode } from 'react';
import { AppServicesContext } from '../lib/app-context.tsx';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import { AuthProvider } from '../lib/auth-context.tsx';

interface Props {
  auth: AuthClient;
  config: RuntimeConfig;
  children: ReactNode;
}

/**
 * What every screen may reach for: the auth client, the config, the auth
 * state. The data client and the query cache come with the signed-in app
 * (SignedInProviders), so the login screen does not load them.
 */
export function AppProviders({ auth, config, children }: Props) {
  const [services] = useState(() => ({ auth, config }));
  return (
    <AppServicesContext.Provider value={services}>
      <AuthProvider>{children}</AuthProvider>
    </AppServicesContext.Provider>
  );
}

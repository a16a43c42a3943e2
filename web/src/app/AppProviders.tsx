import type { AuthClient } from '../session/auth-client.ts';
import { useState, type ReactNode } from 'react';
import { AppServicesContext } from '../session/clients-context.tsx';
import type { RuntimeConfig } from '../session/runtime-config.ts';
import { AuthProvider } from '../session/auth-context.tsx';

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

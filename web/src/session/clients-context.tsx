import type { AuthClient } from './auth-client.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtime-config.ts';

interface AppServices {
  auth: AuthClient;
  config: RuntimeConfig;
}

/** What every screen, the login screens included, may reach for. */
export const AppServicesContext = createContext<AppServices | null>(null);

/** The data client, provided by the signed-in app only (docs/decisions/027). */
export const DataClientContext = createContext<SupabaseClient | null>(null);

function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('AppServicesContext is missing; render inside <AppProviders>');
  return services;
}

/** Sign-in, sign-out, the session and account changes. */
export const useAuthClient = () => useAppServices().auth;
export const useRuntimeConfig = () => useAppServices().config;

/** The journal's data (PostgREST); only inside the signed-in app. */
export function useDataClient(): SupabaseClient {
  const client = useContext(DataClientContext);
  if (!client) throw new Error('DataClientContext is missing; render inside <SignedInProviders>');
  return client;
}

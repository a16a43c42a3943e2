import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { RuntimeConfig } from './runtime-config.ts';

interface AppServices {
  supabase: SupabaseClient;
  config: RuntimeConfig;
}

export const AppServicesContext = createContext<AppServices | null>(null);

function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('AppServicesContext is missing; render inside <AppProviders>');
  return services;
}

export const useSupabase = () => useAppServices().supabase;
export const useRuntimeConfig = () => useAppServices().config;

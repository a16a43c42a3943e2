import type { SupabaseClient } from '@supabase/supabase-js';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import type { RuntimeConfig } from './lib/runtime-config.ts';

export function App({ supabase, config }: { supabase: SupabaseClient; config: RuntimeConfig }) {
  return (
    <BrowserRouter>
      <AppProviders supabase={supabase} config={config}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}

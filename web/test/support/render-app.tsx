import type { SupabaseClient } from '@supabase/supabase-js';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../../src/lib/router/histories.tsx';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { RequireAuth } from '../../src/app/RequireAuth.tsx';
import { SignedInProviders } from '../../src/app/SignedInProviders.tsx';
import { ToastProvider } from '../../src/components/toast.tsx';
import type { RuntimeConfig } from '../../src/session/runtime-config.ts';
import { testRuntimeConfig } from './runtime-config.ts';

/**
 * `ui` inside the app's real providers and a router at `path`, as App.tsx
 * composes them; the client's `auth` is the app's auth client.
 */
export function renderApp(
  ui: ReactElement,
  {
    supabase,
    path = '/',
    config = testRuntimeConfig(),
  }: { supabase: SupabaseClient; path?: string; config?: RuntimeConfig },
) {
  return render(
    <MemoryRouter path={path}>
      <AppProviders auth={supabase.auth} config={config}>
        {ui}
      </AppProviders>
    </MemoryRouter>,
  );
}

/**
 * A tab of the signed-in app as MainApp hosts it: behind RequireAuth (which
 * waits for the stored session), with the data client, the query cache and
 * the toasts.
 */
export function renderSignedInTab(
  tab: ReactElement,
  { supabase }: { supabase: SupabaseClient },
  config?: RuntimeConfig,
) {
  return renderApp(
    <RequireAuth>
      <SignedInProviders>
        <ToastProvider>{tab}</ToastProvider>
      </SignedInProviders>
    </RequireAuth>,
    { supabase, ...(config ? { config } : {}) },
  );
}

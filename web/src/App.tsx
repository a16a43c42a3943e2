import type { AuthClient } from './lib/auth-client.ts';
import { BrowserRouter } from './lib/router/histories.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import type { RuntimeConfig } from './lib/runtime-config.ts';

export function App({ auth, config }: { auth: AuthClient; config: RuntimeConfig }) {
  return (
    <BrowserRouter>
      <AppProviders auth={auth} config={config}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}

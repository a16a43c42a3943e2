import type { AuthClient } from './session/auth-client.ts';
import { BrowserRouter } from './lib/router/histories.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import type { RuntimeConfig } from './session/runtime-config.ts';

export function App({ auth, config }: { auth: AuthClient; config: RuntimeConfig }) {
  return (
    <BrowserRouter>
      <AppProviders auth={auth} config={config}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}

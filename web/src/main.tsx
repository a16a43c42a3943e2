import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadMainApp } from './app/main-app-loader.ts';
import { ReloadPrompt } from './components/ReloadPrompt.tsx';
import { createAuthClient } from './session/auth-client.ts';
import { loadRuntimeConfig } from './session/runtime-config.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Anywhere but the login screens the signed-in app is what comes next: its
// code downloads beside the config, so its first render needs no skeleton.
const mainApp = /^\/(login|auth\/callback)\b/.test(window.location.pathname)
  ? undefined
  : loadMainApp().catch(() => {});

try {
  const config = await loadRuntimeConfig();
  await mainApp;
  const auth = createAuthClient(config);
  // A transition renders in slices that yield to the browser every few
  // milliseconds, so starting the app is no long task that input would wait
  // behind (docs/decisions/044).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App auth={auth} config={config} />
      </StrictMode>,
    );
  });
} catch (error) {
  console.error('Energy Tracker could not start', error);
  root.render(
    <ReloadPrompt
      title="Energy Tracker cannot reach its server"
      detail="Check your connection and reload the page. If it keeps happening, the server may be down."
    />,
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { ReloadPrompt } from './components/ReloadPrompt.tsx';
import { createSupabaseClient } from './lib/supabase-client.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

try {
  const config = await loadRuntimeConfig();
  const supabase = createSupabaseClient(config);
  root.render(
    <StrictMode>
      <App supabase={supabase} config={config} />
    </StrictMode>,
  );
} catch (error) {
  console.error('Energy Tracker could not start', error);
  root.render(
    <ReloadPrompt
      title="Energy Tracker cannot reach its server"
      detail="Check your connection and reload the page. If it keeps happening, the server may be down."
    />,
  );
}

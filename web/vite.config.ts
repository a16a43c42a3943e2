import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineStylesheet } from './build/inline-stylesheet.ts';
import { precompressAssets } from './build/precompress-assets.ts';
import { configPreloadOnlyWhenFetched } from './build/config-preload.ts';
import { lowPriorityScripts } from './build/low-priority-scripts.ts';
import { serviceWorker } from './build/service-worker.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    configPreloadOnlyWhenFetched(),
    inlineStylesheet(),
    lowPriorityScripts(),
    // Before compression, so that sw.js is written when the files are compressed.
    serviceWorker(),
    precompressAssets(),
  ],
  build: {
    // Every browser the app supports preloads modules itself (Chromium 66,
    // Firefox 115, Safari 17); the polyfill was 0.3 KB of the login screen's
    // budget, and without it an older browser only loads the chunks later.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: in chunks of their own
        // they stay cached across our deployments. Other libraries go with
        // the code that uses them, so the signed-in app's (sliders, switches)
        // load with it and not with the login screen (docs/decisions/016).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            // The login screen needs only the auth client (docs/decisions/027);
            // the rest of supabase-js loads with the signed-in app.
            { name: 'supabase-auth', test: /node_modules[\\/]@supabase[\\/]auth-js[\\/]/ },
            { name: 'supabase', test: /node_modules[\\/](@supabase|iceberg-js|tslib)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // In development the API is our server on :3000.
    proxy: {
      '/auth/v1': 'http://127.0.0.1:3000',
      '/rest/v1': 'http://127.0.0.1:3000',
      '/config.json': 'http://127.0.0.1:3000',
    },
  },
});

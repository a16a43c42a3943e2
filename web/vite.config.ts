import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './build/precompress-assets.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAssets()],
  server: {
    // In development the API is our server on :3000.
    proxy: {
      '/auth/v1': 'http://127.0.0.1:3000',
      '/rest/v1': 'http://127.0.0.1:3000',
      '/config.json': 'http://127.0.0.1:3000',
    },
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './web/build/precompress.ts';

// The web app lives in web/ and is built into dist/web, which the API server serves on the same port.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), precompress()],
  // react-dom, the router and zod make most of the main bundle; the admin area is split off.
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});

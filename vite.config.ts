import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pageHtml } from './web/build/page-html.ts';
import { precompress } from './web/build/precompress.ts';

// The web app lives in web/ and is built into dist/web, which the API server serves on the same port.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), pageHtml(), precompress()],
  // Every page is its own chunk (web/app/router.tsx). The manifest (dist/web/.vite/manifest.json) maps
  // each source module to its chunk and that chunk's imports: bench/bundle.ts reads it to tell exactly
  // what a page loads.
  // The entry chunk holds react-dom, the router, i18next and the common texts; pages, their texts, dialogs,
  // menus and the schema library come with the page or action that needs them.
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});

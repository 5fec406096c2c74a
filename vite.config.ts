import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest } from './web/build/app-manifest.ts';
import { pageHtml } from './web/build/page-html.ts';
import { precompress } from './web/build/precompress.ts';

/** What every page runs beside react-dom: the router, the query cache and i18next. */
const frameworkLibraries = /node_modules[\\/](react|react-router|@tanstack[\\/][^\\/]+|i18next|react-i18next)[\\/]/;

// The web app lives in web/ and is built into dist/web, which the API server serves on the same port.
export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    pageHtml(),
    // The installed app (decision 055): the manifest, linked from the page, and our own service worker
    // (web/sw.ts, with the push handlers) given the list of built files to keep. The page registers it
    // itself, after load (web/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: appManifest as never,
      includeManifestIcons: false,
      injectManifest: {
        // The app's shell and what a member's pages load, fetched once at install (the compressed copy
        // each): not the precompressed copies themselves, the build's own lists, the standalone verifier
        // (its own policy), the share card, nor the administrators' screens and charts, the largest
        // files of the build, which a member's phone never needs (they come from the network, as before).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['verify-draw.html', 'share-card.png', '.vite/**', 'assets/admin-*', 'assets/month-chart-*'],
        // The Urdu font's files are the largest the app has; a member reading Urdu offline needs them.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  // Every page is its own chunk (web/app/router.tsx). The manifest (dist/web/.vite/manifest.json) maps
  // each source module to its chunk and that chunk's imports: bench/bundle.ts reads it to tell exactly
  // what a page loads. Pages, their texts, dialogs, menus and the schema library come with the page or
  // action that needs them.
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // A first screen in a few files of some size rather than twenty small ones (decision 041): on a
    // phone's link each file costs a round trip, and while small files wait on theirs the large one
    // shares the line with them. react-dom, the largest, comes in a file of its own, beside the rest of
    // what every page runs; the small pieces that several pages share are copied into each page's
    // chunk (one instance at run time all the same), where each was a file of its own.
    rolldownOptions: {
      // Needed to copy shared pieces; the entry's exports are read by no one.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 25_000, exclude: /\.css(\?|$)/ },
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'framework', test: frameworkLibraries },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:5000' } },
});

/**
 * A Vite plugin for what a page's HTML can do before any script runs:
 *
 * - The theme script and the early answers (theme-init.js and early-answers.js beside this file) are
 *   written into index.html rather than loaded: they must run before the first paint and before the
 *   app's code, and as files they were requests that held the first paint back on a slow link. The
 *   early answers get the opening pages' first reads (web/app/opening-pages.ts) written in. The server
 *   allows both scripts by their hashes (server/web-app.ts).
 * - opening-pages.json names, for each page a visitor may open the app on (web/app/opening-pages.ts),
 *   the chunks that page needs beyond the entry's. The server writes them into that page's HTML as
 *   <link rel="modulepreload">, so the browser fetches them beside the entry instead of after it has run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { openingPages, openingReads } from '../app/opening-pages.ts';
import { storageKeys } from '../lib/storage-keys.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const INLINED_SCRIPTS = ['theme-init.js', 'early-answers.js'];
/**
 * Written into the scripts at build, so that they name the app's own storage keys and reads rather
 * than copies: STORAGE_KEYS.<name> becomes that key, OPENING_READS the reads by page.
 */
function withBuildValues(script: string, file: string): string {
  return script
    .replaceAll(/STORAGE_KEYS\.(\w+)/g, (_match, name: string) => {
      const key = (storageKeys as Record<string, string>)[name];
      if (key === undefined) throw new Error(`${file} names a storage key the app does not have: ${name}`);
      return JSON.stringify(key);
    })
    .replaceAll('OPENING_READS', JSON.stringify(openingReads));
}
export const OPENING_PAGES_FILE = 'opening-pages.json';

type OutputChunk = { type: 'chunk'; fileName: string; imports: string[]; isEntry: boolean; facadeModuleId: string | null; moduleIds: string[] };

export function pageHtml(): Plugin {
  let webRoot = '';
  return {
    name: 'page-html',
    configResolved(config) {
      webRoot = config.root;
    },
    transformIndexHtml: {
      // Before Vite reads the page's scripts: a classic script file is not Vite's to bundle.
      order: 'pre',
      handler(html) {
        for (const file of INLINED_SCRIPTS) {
          const tag = `<script src="/${file}"></script>`;
          if (!html.includes(tag)) throw new Error(`index.html no longer loads ${file} as ${tag}`);
          // Its comments stay in the file; every page's HTML carries only the code.
          const script = withBuildValues(fs.readFileSync(path.join(here, file), 'utf8').replace(/^\s*\/\/.*\n/gm, '').trim(), file);
          html = html.replace(tag, `<script>${script}</script>`);
        }
        return html;
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const staticClosure = (start: string, into = new Set<string>()): Set<string> => {
        if (into.has(start)) return into;
        into.add(start);
        for (const imported of byFile.get(start)?.imports ?? []) staticClosure(imported, into);
        return into;
      };
      // index.html already loads the entry and what it imports.
      const loadedByEntry = staticClosure(entry.fileName);
      const files: Record<string, string[]> = {};
      for (const [pagePath, modules] of Object.entries(openingPages)) {
        const needed = new Set<string>();
        for (const module of modules) {
          const modulePath = path.join(webRoot, module);
          // A page has a chunk of its own; a module that other chunks share may sit in a common one.
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === modulePath) ?? chunks.find((candidate) => candidate.moduleIds.includes(modulePath));
          if (!chunk) throw new Error(`No chunk holds ${module} (loaded on ${pagePath}, web/app/opening-pages.ts)`);
          staticClosure(chunk.fileName, needed);
        }
        files[pagePath] = [...needed].filter((file) => !loadedByEntry.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: OPENING_PAGES_FILE, source: `${JSON.stringify(files, null, 2)}\n` });
    },
  };
}

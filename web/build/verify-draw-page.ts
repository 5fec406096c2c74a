/**
 * The standalone verifier page (docs/draws.md): web/features/winners/verifier/page.html with its
 * script (main.ts, and the rule it checks by) bundled into the page itself, so that the one file
 * can be saved on a phone and opened without the app or a connection. Built beside the app
 * (scripts/build.ts) into dist/web/verify-draw.html; the server sends it with a Content Security
 * Policy of its own that allows this script by its hash and no request at all (server/web-app.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '../features/winners/verifier');
const PLACEHOLDER = '<!--verifier-script-->';

export const VERIFY_DRAW_PAGE = 'verify-draw.html';

type ViteBuild = (config: Record<string, unknown>) => Promise<unknown>;
type Output = { output: { type: string; code?: string; fileName: string }[] };

/** Builds the page into `outDir` (dist/web) with the given Vite's build function. */
export async function buildVerifyDrawPage(build: ViteBuild, outDir: string): Promise<void> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(source, 'main.ts'), formats: ['iife'], name: 'verifyDraw', fileName: () => 'verify-draw.js' },
    },
  })) as Output | Output[];
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output).filter((item) => item.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0].code) throw new Error(`The verifier page's script should be one chunk; the build made ${chunks.length}`);
  const template = fs.readFileSync(path.join(source, 'page.html'), 'utf8');
  if (!template.includes(PLACEHOLDER)) throw new Error(`page.html has lost its ${PLACEHOLDER}`);
  // A script's text may not close its own element.
  const code = chunks[0].code.replaceAll('</script', '<\\/script');
  fs.writeFileSync(path.join(outDir, VERIFY_DRAW_PAGE), template.replace(PLACEHOLDER, `<script>${code}</script>`));
}

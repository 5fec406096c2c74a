/**
 * `npm run build`: the release, built once and run by every server (docs/deploy.md): the web app's
 * files (Vite, into dist/web), the standalone page that checks a draw record (verify-draw.html), and
 * dist/release.json (the version and commit a server reports,
 * server/operations/release.ts).
 *
 * `--if-missing` (run by `npm start` first): nothing when a complete build is there, so that a server
 * starts without rebuilding; else the build, so that `npm install && npm start` works on a fresh clone.
 * On a production install (`npm ci --omit=dev`) the build tools are not there: it then says to build
 * first, rather than failing on a missing package.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitOfCheckout, currentRelease, RELEASE_FILE } from '../server/operations/release.ts';
import { isCompleteBuild } from '../server/web-app.ts';
import { buildVerifyDrawPage } from '../web/build/verify-draw-page.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'dist', 'web');

if (process.argv.includes('--if-missing') && isCompleteBuild(webDir)) process.exit(0);

let vite: typeof import('vite');
try {
  vite = await import('vite');
} catch {
  console.error(
    'There is no built web app in dist/web, and the tools that build it are not installed (a production install leaves them out).\n' +
      'Build the release where they are (`npm ci && npm run build`), then install for production (`npm ci --omit=dev`) on that tree: see docs/deploy.md.',
  );
  process.exit(1);
}

// vite.config.ts names its folders from the package's root, as npm runs it.
process.chdir(root);
await vite.build({ logLevel: 'warn' });
// The standalone verifier page, one file of its own beside the app (web/build/verify-draw-page.ts).
await buildVerifyDrawPage(vite.build as never, webDir);
if (!isCompleteBuild(webDir)) {
  console.error('The build finished without a complete web app in dist/web.');
  process.exit(1);
}
const release = { version: currentRelease().version, commit: commitOfCheckout(path.join(root, '.git')), builtAt: new Date().toISOString() };
fs.writeFileSync(RELEASE_FILE, `${JSON.stringify(release, null, 2)}\n`);

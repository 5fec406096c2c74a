/**
 * What runs: the package's version, and its commit when that can be known: the checkout's own (read
 * from .git without running git), else the one `npm run build` wrote into dist/release.json (a tree
 * deployed without its .git).
 * Shown in the health answers and in the log at start, so that an operator sees which release each
 * server runs during a rolling deploy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Release } from '../../contract/operations.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Written by scripts/build.ts beside the web app's files. */
export const RELEASE_FILE = path.join(root, 'dist', 'release.json');

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * The commit HEAD names in a checkout's .git: a detached HEAD, a loose ref or a packed one. In a
 * linked worktree .git is a file naming its own folder, whose refs are in the common one.
 */
export function commitOfCheckout(dotGit: string): string | null {
  try {
    let gitDir = dotGit;
    let commonDir = dotGit;
    if (fs.statSync(dotGit).isFile()) {
      const linked = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (!linked) return null;
      gitDir = path.resolve(path.dirname(dotGit), linked);
      const common = fs.existsSync(path.join(gitDir, 'commondir')) ? fs.readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim() : '.';
      commonDir = path.resolve(gitDir, common);
    }
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (COMMIT.test(head)) return head;
    const ref = /^ref: (refs\/[\w./-]+)$/.exec(head)?.[1];
    if (!ref) return null;
    const loose = path.join(commonDir, ref);
    if (fs.existsSync(loose)) {
      const commit = fs.readFileSync(loose, 'utf8').trim();
      return COMMIT.test(commit) ? commit : null;
    }
    const packed = fs.readFileSync(path.join(commonDir, 'packed-refs'), 'utf8');
    const line = packed.split('\n').find((entry) => entry.endsWith(` ${ref}`));
    const commit = line?.split(' ')[0];
    return commit && COMMIT.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

let release: Release | undefined;

/** Read once: a server runs one release for its whole life. */
export function currentRelease(): Release {
  if (!release) {
    const version = String(readJson(path.join(root, 'package.json'))?.version ?? 'unknown');
    const built = readJson(RELEASE_FILE)?.commit;
    const commit = commitOfCheckout(path.join(root, '.git')) ?? (typeof built === 'string' && COMMIT.test(built) ? built : null);
    release = { version, commit };
  }
  return release;
}

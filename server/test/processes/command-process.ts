/**
 * The operator's commands and the server run as real processes on a data directory of a test's own
 * (tests only), as an operator runs them: `node server/cli/<command>.ts` and `node server/main.ts`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Settings the commands read that must come from the test, never from the environment running it. */
const settingsOfTheTest = ['DATA_DIR', 'DATABASE_URL', 'MIGRATE_AT_START', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'NODE_OPTIONS', 'S3_BUCKET', 'PORT', 'HOST'];

export type Finished = { code: number | null; stdout: string; stderr: string };

/** Runs a script of the repository (`server/cli/backup.ts`, `server/main.ts`) to its end. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !settingsOfTheTest.includes(name)));
  const child = spawn(process.execPath, [script, ...args], { cwd: repositoryRoot, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run <command>` on a data directory. */
export const runCommand = (command: 'migrate' | 'backup' | 'restore' | 'check-figures', args: string[], env: Record<string, string>) => runScript(`server/cli/${command}.ts`, args, env);

const made: string[] = [];

/** A new empty folder under the system's temporary one, removed by removeTemporaryFolders(). */
export function temporaryFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `umrah-${prefix}-`));
  made.push(dir);
  return dir;
}

export function removeTemporaryFolders(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

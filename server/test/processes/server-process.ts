/**
 * The real server as a child process (`node server/main.ts`), for tests that kill it.
 * Each start takes a new free port, so no pooled connection to a dead server is ever reused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Settings the server reads that must come from the test, never from the environment running it. */
const settingsOfTheTest = ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'APP_URL', 'SMTP_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'FAILPOINT', 'NODE_OPTIONS', 'TRUST_PROXY',
  'S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'SHUTDOWN_GRACE_SECONDS', 'METRICS_TOKEN', 'METRICS_PORT',
  'MAX_EVENT_LOOP_DELAY_MS', 'UPLOAD_TIMEOUT_SECONDS', 'UPLOADS_AT_ONCE', 'DATABASE_POOL_SIZE', 'DATABASE_ACQUIRE_TIMEOUT_MS',
  'DATABASE_STATEMENT_TIMEOUT_MS', 'DATABASE_JOB_STATEMENT_TIMEOUT_MS', 'DATABASE_NOTICE_TIMEOUT_MS', 'MIGRATE_AT_START', 'STATEMENT_WORKERS', 'STATEMENT_QUEUE'];
const OUTPUT_KEPT = 20_000;

export type ServerProcess = {
  url: string;
  /** The last lines the server wrote, for failure messages. */
  output(): string;
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The ordinary stop (SIGTERM): the server closes its database cleanly and must exit with 0. */
  stop(): Promise<void>;
  /** Sends the process a signal and returns at once. */
  signal(name: NodeJS.Signals): void;
  /** Its port. */
  port: number;
};

const running = new Set<ChildProcess>();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server and waits until /api/health answers 200; `FAILPOINT` arms one crash point. */
export async function startServer(env: Record<string, string>, failpoint?: string): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !settingsOfTheTest.includes(name)));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: repositoryRoot,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', ...(failpoint ? { FAILPOINT: failpoint } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    signal: (name) => void child.kill(name),
    output: () => output,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      const { code, signal } = await exited;
      if (code !== 0) throw new Error(`the server stopped with ${signal ?? `exit code ${code}`}:\n${output}`);
    },
  };

  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended) throw new Error(`the server ended during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within two minutes:\n${output}`);
    }
    const healthy = await fetch(`${server.url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends every server still running (after a failed test), each by its own process id. */
export function killRemainingServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * Stopping the real server process with SIGTERM while one of its hourly jobs is in the middle of a run
 * (start.ts, docs/deploy.md "Signals"): the run finishes its work before the process exits with 0, and
 * the database's connections close after it. The run is held on a lock the test takes on the table it
 * reads, which only a database server shared between processes allows: PostgreSQL only.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { createStore } from '../test/processes/data-stores.ts';
import { killRemainingServers, startServer, type ServerProcess } from '../test/processes/server-process.ts';

const store = await createStore({ driver: 'postgres', serverUrl: process.env.TEST_DATABASE_URL!, templateDatabase: inject('postgresTemplate') });
afterEach(() => killRemainingServers());
afterAll(() => store.drop());

async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Whether a new connection is taken now. */
function acceptsConnections(server: ServerProcess): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM during a job run', () => {
  it('lets the run in progress finish its work (orphan receipt files swept), then closes the database and exits with 0', async () => {
    // Stored receipt files that no row names, two hours old: the receipt sweep, run at start, removes them.
    // More than the 500 keys it asks the database about at once, so that its run needs the database
    // again after the signal.
    const receipts = path.join(store.env.DATA_DIR, 'receipts');
    fs.mkdirSync(receipts, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const orphans = Array.from({ length: 501 }, () => path.join(receipts, `${randomUUID()}.png`));
    for (const orphan of orphans) {
      fs.writeFileSync(orphan, 'not a row of the database names this');
      fs.utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    }
    const left = () => orphans.filter((orphan) => fs.existsSync(orphan)).length;

    // The sweep asks the receipts table which keys rows name: held there until the test lets it go.
    const holder = new pg.Client({ connectionString: store.env.DATABASE_URL });
    const watcher = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE receipts IN ACCESS EXCLUSIVE MODE');
      const server = await startServer({ ...store.env, SHUTDOWN_GRACE_SECONDS: '60', LOG_LEVEL: 'info' });
      await eventually(async () => {
        const { rowCount } = await watcher.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'SELECT storage_key FROM receipts%'`,
        );
        return rowCount === 1;
      });

      server.signal('SIGTERM');
      await eventually(async () => !(await acceptsConnections(server)));
      // Stopping, and the run still waits: nothing of it is done yet.
      expect(left()).toBe(501);
      expect(server.output()).not.toMatch(/"msg":"stopped"/);
      await holder.query('COMMIT');

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(left()).toBe(0);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; time: string; job?: string; count?: number });
      const swept = lines.find((line) => line.job === 'receipt-sweep' && line.msg === 'orphan receipt files removed');
      const stopped = lines.find((line) => line.msg === 'stopped');
      expect(swept).toMatchObject({ count: 501 });
      // The database closes after the run: "stopped" is logged once it has. (By the lines' times: the
      // last lines a process writes as it exits may reach the pipe out of their order.)
      expect(Date.parse(stopped!.time)).toBeGreaterThanOrEqual(Date.parse(swept!.time));
      expect(lines.filter((line) => /failed/.test(line.msg))).toEqual([]);
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});

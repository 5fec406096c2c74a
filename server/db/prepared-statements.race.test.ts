/**
 * Statements prepared once per connection (decision 037), PostgreSQL only: each text is parsed once on
 * a connection and its plan kept, and a migration run by another server meanwhile (a deploy) costs at
 * most one failed transaction per connection, never a wrong answer or a connection stuck with a
 * statement that no longer fits its table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_PER_RUN, type Database } from './database.ts';
import { openServerPools } from '../test/test-app.ts';

/** Two servers' pools on one database, one connection each, so that every query of a pool meets the same statements. */
let pools: Database[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ pools, drop } = await openServerPools(2, 1));
});

afterAll(() => drop());

type Prepared = { name: string; statement: string; generic_plans: number; custom_plans: number };
const prepared = async (db: Database, statement: string) =>
  (await db.query<Prepared>('SELECT name, statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1', [statement])).rows;

describe('prepared statements', () => {
  it('are parsed once per connection, and their plan is kept after a few runs', async () => {
    const [server] = pools;
    const byEmail = 'SELECT id, role FROM users WHERE email = $1';
    for (let i = 0; i < 8; i++) {
      expect((await server.query(byEmail, [`nobody-${i}@umrah.test`])).rows).toEqual([]);
    }
    const [statement] = await prepared(server, byEmail);
    expect(statement.name).toMatch(/^q[0-9a-f]{24}$/);
    // Planned for its first runs, then one plan for every value.
    expect(statement.custom_plans + statement.generic_plans).toBe(8);
    expect(statement.generic_plans).toBeGreaterThan(0);
    // Another text is another statement.
    await server.query('SELECT id FROM users WHERE email = $1', ['nobody@umrah.test']);
    const [other] = await prepared(server, 'SELECT id FROM users WHERE email = $1');
    expect(other.name).not.toBe(statement.name);
  });

  it('are kept for a statement with optional filters too, unless it is marked to be planned on every run', async () => {
    const [server] = pools;
    const optional = 'SELECT id FROM users WHERE ($1::text IS NULL OR email = $1) AND ($2::text IS NULL OR role = $2)';
    for (let i = 0; i < 8; i++) await server.query(optional, [null, 'ADMIN']);
    expect(await prepared(server, optional)).toHaveLength(1);

    const perRun = `${PLANNED_PER_RUN}SELECT id FROM users WHERE ($1::text IS NULL OR email = $1)`;
    for (let i = 0; i < 8; i++) await server.query(perRun, [null]);
    expect(await prepared(server, perRun)).toEqual([]);
  });

  it('still answer after another server adds a column to the table they read', async () => {
    const [serving, deploying] = pools;
    await deploying.exec(`CREATE TABLE deploy_probe (id int PRIMARY KEY); INSERT INTO deploy_probe VALUES (1)`);
    const read = 'SELECT * FROM deploy_probe WHERE id = $1';
    expect((await serving.query(read, [1])).rows).toEqual([{ id: 1 }]);
    expect(await prepared(serving, read)).toHaveLength(1);

    await deploying.exec(`ALTER TABLE deploy_probe ADD COLUMN note text NOT NULL DEFAULT 'added'`);
    // The statement's columns changed: answered unprepared, and the connection that held it is replaced.
    expect((await serving.query(read, [1])).rows).toEqual([{ id: 1, note: 'added' }]);
    expect((await serving.query(read, [1])).rows).toEqual([{ id: 1, note: 'added' }]);
  });

  it('fail a transaction once after such a change, and the next one runs on a fresh connection', async () => {
    const [serving, deploying] = pools;
    await deploying.exec(`CREATE TABLE deploy_probe_tx (id int PRIMARY KEY); INSERT INTO deploy_probe_tx VALUES (1)`);
    const read = 'SELECT * FROM deploy_probe_tx WHERE id = $1';
    expect(await serving.transaction((tx) => tx.query(read, [1]).then((r) => r.rows))).toEqual([{ id: 1 }]);

    await deploying.exec(`ALTER TABLE deploy_probe_tx ADD COLUMN note text NOT NULL DEFAULT 'added'`);
    await expect(serving.transaction((tx) => tx.query(read, [1]))).rejects.toMatchObject({ code: '0A000' });
    expect(await serving.transaction((tx) => tx.query(read, [1]).then((r) => r.rows))).toEqual([{ id: 1, note: 'added' }]);
  });
});

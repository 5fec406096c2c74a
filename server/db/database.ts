/**
 * One small interface over the two databases the product runs on: PGlite (embedded, the default)
 * and PostgreSQL (when DATABASE_URL is set). Queries are plain SQL with $1 parameters, which both
 * accept unchanged. See docs/decisions/002-plain-sql.md.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Runs a text of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type PgliteDatabase = Database & { kind: 'pglite'; /** The whole data directory, to copy it (test templates). */ dump(): Promise<Blob> };

export function wrapPglite(db: PGlite): PgliteDatabase {
  type PgliteLike = Pick<PGlite, 'query' | 'exec'>;
  const queryable = (target: PgliteLike): Queryable => ({
    query: async (sql, params) => {
      const result = await target.query(sql, params as unknown[]);
      // PGlite reports affectedRows 0 for a SELECT: the rows returned are the count then, as in pg.
      return { rows: result.rows as never[], rowCount: result.rows.length || (result.affectedRows ?? 0) };
    },
    exec: async (sql) => {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (fn) => db.transaction(async (tx) => fn(queryable(tx))),
    close: () => db.close(),
    dump: async () => (await db.dumpDataDir('none')) as Blob,
  };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDatabase> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir, loadDataDir } : { loadDataDir });
  return wrapPglite(db);
}

// Counts and sums are cast in SQL (::int, ::text for numeric) so both drivers return the same types.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function pgQueryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async (sql, params) => {
      const result = await target.query(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    exec: async (sql) => {
      await target.query(sql);
    },
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    ...pgQueryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn(pgQueryable(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL's unique_violation, raised by both drivers; constraint names tell which rule broke. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

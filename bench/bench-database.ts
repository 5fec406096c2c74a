/**
 * The benchmarks' database: umrah_bench_N on a PostgreSQL server, created (or reused when complete),
 * migrated with the product's migrations, and filled in SQL (dataset.ts). Shared by `npm run bench` and
 * the statement-matching benchmark.
 */
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openPostgres } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { generateDataset } from './dataset.ts';

/** Every generated member's password, for the benchmarks' sign-ins. */
export const BENCH_PASSWORD = 'bench-password-2024';

export type Prepared = { url: string; generation: string };

export async function prepareDatabase(serverUrl: string, members: number, reuse: boolean, log: (message: string) => void): Promise<Prepared> {
  const name = `umrah_bench_${members}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A complete dataset is marked by the database's comment, written last.
  const marker = `umrah bench dataset, members=${members}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  const { rows } = await server.query<{ comment: string | null }>(
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
    [name],
  );
  const existing = rows[0]?.comment ?? '';
  const keep = reuse && existing.startsWith(marker);
  if (!keep) {
    if (reuse) log(`No complete ${name} to reuse: generating it.`);
    // WITH (FORCE): a server left running by an interrupted run must not block the drop.
    await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${name}`);
  }
  await server.end();

  // Always migrate: a reused database also gets the migrations added since it was generated.
  const db = openPostgres(url.toString(), { poolSize: 2 });
  await migrate(db);
  await db.close();
  if (keep) {
    log(`Reusing ${name} (${existing}).`);
    return { url: url.toString(), generation: existing.replace(`${marker}, `, '') };
  }

  log(`Generating ${members} members in ${name}…`);
  const started = Date.now();
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await generateDataset(client, members, passwordHash, log);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const generation = `generated ${new Date().toISOString().slice(0, 10)} in ${seconds} s`;
    await client.query(`COMMENT ON DATABASE ${name} IS '${marker}, ${generation}'`);
    log(`Generated in ${seconds} s.`);
    return { url: url.toString(), generation };
  } finally {
    await client.end();
  }
}


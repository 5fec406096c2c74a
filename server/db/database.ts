/**
 * One small interface over the two databases the product runs on: PGlite (embedded, the default)
 * and PostgreSQL (when DATABASE_URL is set). Queries are plain SQL with $1 parameters, which both
 * accept unchanged. See docs/decisions/002-plain-sql.md.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /**
   * A statement its code declares to change data (INSERT, UPDATE, DELETE, or a read that calls a
   * function that writes). Inside a transaction it is query(); outside one it also counts as a change
   * committed (Database.changesCommitted).
   */
  write<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Runs a text of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hears the notifications (NOTIFY, pg_notify) of one channel: on a connection of its own that is
   * opened again when lost (PostgreSQL), or on the one connection (PGlite). Resolves after the first
   * attempt to listen, whether it succeeded or not (handlers.onListening says when it does).
   */
  listen(channel: string, handlers: ListenHandlers, options?: ListenOptions): Promise<NotificationListener>;
  /**
   * How many changes this process has committed through this database: every transaction, every
   * write() outside one, and any other statement outside one that the database reports as having
   * changed rows (its command tag; PGlite, its affected rows). Never guessed from a statement's text.
   * NotificationListener.sync() after reading it means every notification those changes sent has
   * been heard.
   */
  changesCommitted(): number;
  /** The connections the pool holds now, and the requests waiting for one (metrics; PGlite has its one connection). */
  connections(): { open: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type ListenHandlers = {
  onNotify(payload: string): void;
  /** Listening (again): every notification committed from now on will be heard; earlier ones may not have been. */
  onListening(): void;
  /** The connection is lost: notifications are missed until onListening. */
  onLost(error: unknown): void;
};

export type ListenOptions = {
  /** Wait before opening a lost connection again (doubles on each failure, up to 30 s); 250 ms by default. */
  reconnectDelayMs?: number;
  /** How often the connection is checked (a sync round trip); 10 s by default. */
  heartbeatMs?: number;
  /**
   * How long sync() waits for its marker, and opening the connection for its LISTEN, before the
   * connection is taken as lost; 5 s by default.
   */
  syncTimeoutMs?: number;
  /** The connection's application_name (PostgreSQL), to find it in pg_stat_activity. */
  applicationName?: string;
};

export interface NotificationListener {
  /** Whether notifications are heard now. */
  readonly listening: boolean;
  /**
   * Resolves once every notification of the channel committed before the call has been handed to
   * onNotify: it sends a marker on the channel and waits for it, and PostgreSQL delivers the
   * notifications of different transactions in the order they committed. Rejects when not listening
   * or when the marker does not come back in time (the connection is then taken as lost).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Markers of sync(): never handed to onNotify, whichever process sent them. */
const SYNC_MARKER = 'listener-sync:';
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Waiters of sync() markers, shared by both drivers' listeners. */
class SyncMarkers {
  readonly #id = randomUUID();
  #next = 0;
  readonly #waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

  /** A new marker and the promise that resolves when it is heard (or rejects after timeoutMs). */
  create(timeoutMs: number): { marker: string; heard: Promise<void> } {
    const marker = `${SYNC_MARKER}${this.#id}:${++this.#next}`;
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(marker);
        reject(new Error(`the notification marker did not come back within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      this.#waiting.set(marker, { resolve, reject, timer });
    });
    // A caller that gave up (its send failed) must not leave an unhandled rejection behind.
    heard.catch(() => {});
    return { marker, heard };
  }

  /** Whether the payload is a marker (this process's or another's); resolves its waiter. */
  take(payload: string): boolean {
    if (!payload.startsWith(SYNC_MARKER)) return false;
    const waiter = this.#waiting.get(payload);
    if (waiter) {
      this.#waiting.delete(payload);
      clearTimeout(waiter.timer);
      waiter.resolve();
    }
    return true;
  }

  rejectAll(error: Error) {
    for (const [marker, waiter] of this.#waiting) {
      this.#waiting.delete(marker);
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
  }
}

const defaultListenOptions = { reconnectDelayMs: 250, heartbeatMs: 10_000, syncTimeoutMs: 5_000 };

export type PgliteDatabase = Database & { kind: 'pglite'; /** The whole data directory, to copy it (test templates). */ dump(): Promise<Blob> };

export function wrapPglite(db: PGlite): PgliteDatabase {
  type PgliteLike = Pick<PGlite, 'query' | 'exec'>;
  let changes = 0;
  // Inside a transaction nothing is counted: the commit counts once.
  const queryable = (target: PgliteLike, counted: boolean): Queryable => {
    const run = async (sql: string, params: unknown[] | undefined, declaredWrite: boolean) => {
      const result = await target.query(sql, params as unknown[]);
      // A statement that changed rows counts whether or not its code declared it.
      if (counted && (declaredWrite || (result.affectedRows ?? 0) > 0)) changes++;
      // PGlite reports affectedRows 0 for a SELECT: the rows returned are the count then, as in pg.
      return { rows: result.rows as never[], rowCount: result.rows.length || (result.affectedRows ?? 0) };
    };
    return {
      query: (sql, params) => run(sql, params, false),
      write: (sql, params) => run(sql, params, true),
      exec: async (sql) => {
        await target.exec(sql);
        if (counted) changes++;
      },
    };
  };
  return {
    kind: 'pglite',
    ...queryable(db, true),
    transaction: async (fn) => {
      const value = await db.transaction(async (tx) => fn(queryable(tx, false)));
      changes++;
      return value;
    },
    listen: (channel, handlers, options) => listenPglite(db, channel, handlers, { ...defaultListenOptions, ...options }),
    changesCommitted: () => changes,
    connections: () => ({ open: 1, idle: 1, waiting: 0 }),
    close: () => db.close(),
    dump: async () => (await db.dumpDataDir('none')) as Blob,
  };
}

/**
 * PGlite has one connection, in this process: it cannot be lost, and a notification reaches the
 * callback in the answer of the statement that committed it.
 */
async function listenPglite(db: PGlite, channel: string, handlers: ListenHandlers, options: Required<Omit<ListenOptions, 'applicationName'>>): Promise<NotificationListener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const markers = new SyncMarkers();
  const unlisten = await db.listen(channel, (payload) => {
    if (!markers.take(payload)) handlers.onNotify(payload);
  });
  let listening = true;
  handlers.onListening();
  return {
    get listening() {
      return listening;
    },
    sync: async () => {
      if (!listening) throw new Error('not listening');
      const { marker, heard } = markers.create(options.syncTimeoutMs);
      await db.query('SELECT pg_notify($1, $2)', [channel, marker]);
      await heard;
    },
    close: async () => {
      if (!listening) return;
      listening = false;
      markers.rejectAll(new Error('the listener is closed'));
      // The database may be closed already (it ends the listening with it).
      if (!db.closed) await unlisten().catch(() => {});
    },
  };
}

/**
 * Opens PGlite in dataDir (on disk), or in memory when dataDir is undefined. On disk, the directory
 * is locked for this process first (lockDataDirectory): PGlite is one process's database, and a
 * second process on the same files would see, or write, nothing the first one knows about.
 */
/** The extensions the migrations create (pg_trgm: migration 048); PGlite loads them at start. */
const pgliteExtensions = { pg_trgm };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteDatabase> {
  if (!dataDir) return wrapPglite(await PGlite.create({ loadDataDir, extensions: pgliteExtensions }));
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockDataDirectory(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create({ dataDir, loadDataDir, extensions: pgliteExtensions });
  } catch (error) {
    release();
    throw error;
  }
  const wrapped = wrapPglite(db);
  return {
    ...wrapped,
    close: async () => {
      try {
        await wrapped.close();
      } finally {
        release();
      }
    },
  };
}

/** Another process holds the PGlite directory: see lockDataDirectory. */
export class DataDirectoryInUseError extends Error {}

/** The lock files this process holds, so that a lock naming this process's pid is known to be its own. */
const heldLocks = new Set<string>();

/** The lock file of a PGlite directory: beside it, in DATA_DIR (DATA_DIR/pglite → DATA_DIR/pglite.lock). */
export function lockFileOf(databaseDir: string): string {
  const resolved = path.resolve(databaseDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.lock`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockPid(file: string): number | undefined {
  const text = fs.readFileSync(file, 'utf8').trim();
  return /^[1-9][0-9]*$/.test(text) ? Number(text) : undefined;
}

/**
 * Takes the lock of a PGlite directory for this process: a file created atomically (O_EXCL) holding
 * the pid. A lock whose process no longer runs (killed, crashed, or this very pid reused after a
 * restart, as pid 1 in a container) is taken over. Returns the release, which is also run when the
 * process exits. Throws DataDirectoryInUseError while another live process holds it.
 */
export function lockDataDirectory(databaseDir: string): () => void {
  const file = lockFileOf(databaseDir);
  const dataDir = path.dirname(file);
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      let pid: number | undefined;
      try {
        pid = readLockPid(file);
      } catch (readError) {
        // Removed between our attempt and the read: try again.
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readError;
      }
      // An empty file is a lock being written this instant, or one a crash left half-written.
      if (pid === undefined && attempt === 0) {
        sleepSync(100);
        continue;
      }
      if (pid === process.pid && heldLocks.has(file)) throw new DataDirectoryInUseError(`The data directory ${dataDir} is already open in this process.`);
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
        throw new DataDirectoryInUseError(
          `The data directory ${dataDir} is in use by another process (pid ${pid}). Stop it first, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      takeOverStaleLock(file, pid);
      continue;
    }
    try {
      fs.writeSync(fd, `${process.pid}\n`);
    } finally {
      fs.closeSync(fd);
    }
    heldLocks.add(file);
    const release = () => {
      if (!heldLocks.delete(file)) return;
      process.off('exit', release);
      try {
        if (readLockPid(file) === process.pid) fs.unlinkSync(file);
      } catch {
        // Already gone.
      }
    };
    process.on('exit', release);
    return release;
  }
}

/**
 * Removes a stale lock without removing a fresh one that another process created meanwhile: the
 * file is moved aside (atomic), and put back if it is not the stale one that was read.
 */
function takeOverStaleLock(file: string, stalePid: number | undefined) {
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  let movedPid: number | undefined;
  try {
    movedPid = readLockPid(aside);
  } catch {
    movedPid = undefined;
  }
  if (movedPid !== stalePid) {
    // Another process's fresh lock: back in place unless yet another was created (link never overwrites).
    try {
      fs.linkSync(aside, file);
    } catch {
      // A lock is in place again either way.
    }
  }
  fs.rmSync(aside, { force: true });
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

// Counts and sums are cast in SQL (::int, ::text for numeric) so both drivers return the same types.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * The name a statement is prepared under on each connection (decision 037): PostgreSQL then parses it
 * once per connection and, after a few runs, keeps one plan for it instead of planning it again on every
 * request, which took longer than running most of the product's queries. The name is the text's hash,
 * so equal texts share a statement and different texts never do. Names are remembered for the texts
 * seen most recently; a text forgotten is only hashed again.
 *
 * A statement that starts with PLANNED_PER_RUN gets no name and is planned for its values on every
 * run: one whose kept plan measured slower than a plan made for the values (see PLANNED_PER_RUN).
 */
const statementNames = new Map<string, string | undefined>();
const REMEMBERED_NAMES = 2_000;
function statementName(sql: string): string | undefined {
  if (statementNames.has(sql)) return statementNames.get(sql);
  if (statementNames.size >= REMEMBERED_NAMES) statementNames.clear();
  const name = sql.startsWith(PLANNED_PER_RUN) ? undefined : `q${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
  statementNames.set(sql, name);
  return name;
}

/**
 * Put first in a statement whose best plan depends on its values more than planning costs (decision
 * 037). A kept plan is made for every value at once: with optional filters (`$1::uuid IS NULL OR …`) it
 * takes them all as on and expects a row or two, which for the payment reports' rows per plan chose a
 * plan that took 5.3 ms where one made for the values took 3.0 ms. Measure before adding it elsewhere:
 * the other statements with optional filters answered as fast or faster with their plan kept.
 */
export const PLANNED_PER_RUN = '/* planned per run */ ';

/** A prepared statement whose columns no longer match its table (a migration ran meanwhile). */
const isStalePlan = (error: unknown) => (error as { code?: string } | null)?.code === '0A000';

/** What PostgreSQL answers for a statement that changed no data (its command tag). */
const READ_COMMANDS = new Set(['SELECT', 'SHOW', 'EXPLAIN', 'FETCH']);

/**
 * committed is called after each statement run outside a transaction, with whether it is a change: its
 * code declared it (write()), or PostgreSQL's command tag says it is not a read.
 */
function pgQueryable(target: pg.Pool | pg.PoolClient, committed?: (change: boolean) => void): Queryable {
  const run = async (sql: string, params: unknown[] | undefined, declaredWrite: boolean) => {
    const values = params as unknown[] | undefined;
    let result: pg.QueryResult;
    try {
      result = await target.query({ name: statementName(sql), text: sql, values });
    } catch (error) {
      // A migration (another server's, during a deploy) changed the columns this statement returns. The
      // pool has closed the connection that prepared it (a failed query's connection is not reused);
      // run it once more unprepared. Inside a transaction the error has already ended it: the
      // transaction fails, and closes its connection (below).
      if (!isStalePlan(error) || !(target instanceof pg.Pool)) throw error;
      result = await target.query(sql, values);
    }
    committed?.(declaredWrite || !READ_COMMANDS.has(result.command));
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    query: (sql, params) => run(sql, params, false),
    write: (sql, params) => run(sql, params, true),
    exec: async (sql) => {
      await target.query(sql);
      committed?.(true);
    },
  };
}

/** How a server's pool of PostgreSQL connections waits: never without end (docs/deploy.md, "Faults"). */
export type PostgresOptions = {
  /** Connections kept open (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** How long a request waits for a free connection before it fails (DATABASE_ACQUIRE_TIMEOUT_MS); 0 waits without end. */
  acquireTimeoutMs: number;
  /** PostgreSQL cancels any statement of the pool that runs longer (statement_timeout, DATABASE_STATEMENT_TIMEOUT_MS); 0 for none. */
  statementTimeoutMs: number;
  /** How long a notice listener's round trip may take before its connection is taken as lost (DATABASE_NOTICE_TIMEOUT_MS). */
  noticeTimeoutMs: number;
};

export const defaultPostgresOptions: PostgresOptions = { poolSize: 10, acquireTimeoutMs: 5_000, statementTimeoutMs: 15_000, noticeTimeoutMs: 5_000 };

export function openPostgres(connectionString: string, options: Partial<PostgresOptions> = {}): Database {
  const settings = { ...defaultPostgresOptions, ...options };
  // No JIT compilation (decision 034): the product's queries are short, and a plan that PostgreSQL
  // guesses to be large (a generated series of months) was compiled on every request for 0.4 s. A
  // statement that waits longer than statement_timeout (a lock held elsewhere, a runaway plan) is
  // cancelled by PostgreSQL, and its request fails with a 503 rather than waiting without end. Options
  // in the connection string come first, should an operator want other values.
  // Each connection is replaced after an hour, with the statements it prepared (decision 037): what a
  // connection keeps is bounded by what an hour runs, and a plan made before a migration does not live on.
  const pool = new pg.Pool({
    connectionString,
    max: settings.poolSize,
    options: `-c jit=off -c statement_timeout=${Math.floor(settings.statementTimeoutMs)}`,
    maxLifetimeSeconds: 3600,
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    // A peer that vanished without closing (a failover, a cut network) is found by the operating system.
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process: the pool drops it.
  pool.on('error', () => {});
  let changes = 0;
  const listeners = new Set<NotificationListener>();
  return {
    kind: 'postgres',
    // Inside a transaction nothing is counted: the commit counts once.
    ...pgQueryable(pool, (change) => {
      if (change) changes++;
    }),
    transaction: async (fn) => {
      const client = await pool.connect();
      // A connection lost while checked out (its backend terminated, the network cut) emits 'error' on
      // the client, which the pool listens to only while the client is idle: without a listener here
      // that event would end the process. The statement in flight fails on its own; the client is then
      // closed rather than returned to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      let discard: Error | undefined;
      try {
        await client.query('BEGIN');
        const value = await fn(pgQueryable(client));
        await client.query('COMMIT');
        changes++;
        return value;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => {});
        // The connection's prepared statements are out of date: closed with them, not reused.
        if (isStalePlan(error)) discard = error as Error;
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost ?? discard);
      }
    },
    listen: async (channel, handlers, listenOptions) => {
      const listener = await listenPostgres(
        connectionString,
        channel,
        handlers,
        { ...defaultListenOptions, syncTimeoutMs: settings.noticeTimeoutMs, ...listenOptions },
        () => listeners.delete(listener),
      );
      listeners.add(listener);
      return listener;
    },
    changesCommitted: () => changes,
    connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/**
 * LISTEN on a client of its own, outside the pool: a pooled connection is shared, and a LISTEN on it
 * would end when the pool closes it. A lost connection (server restart, pg_terminate_backend, a
 * network that stops answering the heartbeat) is reported, then opened again with a growing delay.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  options: Required<Omit<ListenOptions, 'applicationName'>> & Pick<ListenOptions, 'applicationName'>,
  closed: () => void,
): Promise<NotificationListener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const markers = new SyncMarkers();
  let client: pg.Client | undefined;
  let ended = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const lose = (lost: pg.Client, error: unknown) => {
    if (client !== lost) return;
    client = undefined;
    markers.rejectAll(new Error('the listening connection was lost'));
    lost.removeAllListeners('notification');
    endNow(lost);
    if (ended) return;
    handlers.onLost(error);
    scheduleConnect();
  };

  const scheduleConnect = () => {
    const delay = Math.min(options.reconnectDelayMs * 2 ** Math.min(failures, 10), 30_000);
    reconnectTimer = setTimeout(() => void connect(), delay);
    reconnectTimer.unref();
  };

  const connect = async () => {
    reconnectTimer = undefined;
    // Opening the connection and its LISTEN are bounded like a round trip: a server that accepts the
    // connection and then says nothing must not leave the listener waiting for ever.
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: options.applicationName,
      connectionTimeoutMillis: options.syncTimeoutMs,
      query_timeout: options.syncTimeoutMs,
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next, new Error('the listening connection ended')));
    // Notifications before onListening are dropped: the listener's user starts afresh there anyway.
    next.on('notification', (message) => {
      if (message.channel !== channel || client !== next) return;
      const payload = message.payload ?? '';
      if (!markers.take(payload)) handlers.onNotify(payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners('notification');
      endNow(next);
      failures++;
      if (!ended) {
        handlers.onLost(error);
        scheduleConnect();
      }
      return;
    }
    if (ended) {
      await next.end().catch(() => {});
      return;
    }
    failures = 0;
    client = next;
    handlers.onListening();
  };

  const sync = async () => {
    const current = client;
    if (!current) throw new Error('not listening');
    const { marker, heard } = markers.create(options.syncTimeoutMs);
    try {
      // Sent on the listening connection itself: its own notifications come back to it, in commit order.
      // Both are awaited together, so that the marker's time limit also bounds a send that never
      // returns (a connection whose bytes are held somewhere on the way).
      await Promise.all([current.query('SELECT pg_notify($1, $2)', [channel, marker]), heard]);
    } catch (error) {
      lose(current, error);
      throw error;
    }
  };

  const heartbeat = setInterval(() => {
    if (client) sync().catch(() => {});
  }, options.heartbeatMs);
  heartbeat.unref();

  await connect();
  return {
    get listening() {
      return client !== undefined;
    },
    sync,
    close: async () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      markers.rejectAll(new Error('the listener is closed'));
      const last = client;
      client = undefined;
      closed();
      if (last) {
        last.removeAllListeners('notification');
        // A goodbye that does not come back within the round trip's limit is not waited for.
        await Promise.race([last.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, options.syncTimeoutMs).unref())]);
        endNow(last);
      }
    },
  };
}

/**
 * Ends a client's connection at once: a polite end() waits for the server's goodbye, which a
 * connection that stopped answering never sends, so its socket is also destroyed. Errors after this
 * are of no interest.
 */
function endNow(client: pg.Client) {
  client.end().catch(() => {});
  // pg keeps the socket on its connection object, which its types do not show.
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** PostgreSQL's unique_violation, raised by both drivers; constraint names tell which rule broke. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** What pg says when a connection is gone or could not be had; it gives these no code of their own. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
];
/** The socket errors of a database that cannot be reached. */
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's codes of a server that cannot serve now, rather than of a wrong statement: a connection
 * exception (class 08), a shutdown or restart (57P01-57P03), too many connections or no room (class 53),
 * a statement cancelled by its time limit (57014) or a lock not had in time (55P03).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53...|57014|55P03)$/;

/**
 * Whether an error means that the database could not serve this request now (a lost connection, no
 * free connection in time, a statement past its time limit), so that the request may simply be tried
 * again: answered 503 with Retry-After, never as the server's own fault.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_ERRORS.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * The same database with another time limit on each statement: the background jobs' own
 * (DATABASE_JOB_STATEMENT_TIMEOUT_MS), which may run longer than a request may wait. Each statement
 * runs in a transaction that sets the limit for itself (SET LOCAL), so the pool's other users keep theirs.
 */
export function withStatementTimeout(db: Database, timeoutMs: number): Database {
  const limit = `SET LOCAL statement_timeout = ${Math.max(0, Math.floor(timeoutMs))}`;
  return {
    ...db,
    kind: db.kind,
    query: (sql, params) =>
      db.transaction(async (tx) => {
        await tx.query(limit);
        return tx.query(sql, params);
      }),
    exec: (sql) =>
      db.transaction(async (tx) => {
        await tx.query(limit);
        await tx.exec(sql);
      }),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await tx.query(limit);
        return fn(tx);
      }),
  };
}

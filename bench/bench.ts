/**
 * The benchmark anyone can run: `npm run bench -- --members 10000`. It prepares a PostgreSQL database of
 * that many members (bench/dataset.ts), signs people in by writing sessions directly (no login rate
 * limits), starts the product and a bare Fastify "hello" in a child process (bench/serve.ts), and prints
 * two tables:
 * - Real use, first: many members (1,000 by default), a random one per request, read the dashboard's
 *   first screen and the admin reads the payments queue, the payments list, the overview and the
 *   reports, while writes run at a steady rate (bench/real-use.ts); each endpoint with its share of the
 *   hello and of the health check measured under the same writes, and the caches' hit rates.
 * - Repeated reads: one member and the admin ask every read endpoint again and again, nothing written.
 * Then the web bundle's weight per page (bench/bundle.ts). A benchmark, not a test: it asserts nothing
 * and is not part of `npm test`. How to read the results: docs/performance.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Options as LoadOptions, type Request as LoadRequest } from 'autocannon';
import pg from 'pg';
import { karachiDateOf } from '../contract/business-time.ts';
import { karachiToday } from '../server/business-time.ts';
import { openingReads } from '../web/app/opening-pages.ts';
import { measureBundle, type PageWeight } from './bundle.ts';
import { prepareDatabase } from './bench-database.ts';
import { lookupsBetween, prepareRealUse, readCacheLookups, WriteLoop, type CacheLookups, type Lookups, type RealUse, type WriteCount, type WriteKind } from './real-use.ts';
import type { ServeMessage } from './serve.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    reuse: { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    pool: { type: 'string' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    only: { type: 'string' },
    mode: { type: 'string', default: 'both' },
    'real-members': { type: 'string', default: '1000' },
    'writes-per-second': { type: 'string', default: '5' },
    out: { type: 'string' },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const USAGE = `npm run bench -- [options]
  --members N          members in the dataset (default 10000); the database is umrah_bench_N
  --database-url URL   PostgreSQL server to create it on (default postgres://postgres@127.0.0.1:5432/postgres)
  --reuse              keep an existing complete umrah_bench_N instead of generating it again
  --connections N      autocannon connections (default 50)
  --pool N             the server's PostgreSQL connections (default: the product's, DATABASE_POOL_SIZE or 10)
  --duration S         measured seconds per endpoint (default 5), after --warmup S (default 1)
  --only TEXT[,TEXT]   only endpoints whose "role path" contains one of the TEXTs (the hello, and in real use the
                       health check, always run)
  --mode MODE          real: many members and the admin reading while writes run; repeated: one member and the
                       admin asking every read endpoint again and again, nothing written; both (default), real first
  --real-members N     members reading in real use, a random one per request (default 1000, or all the dataset has
                       if fewer); all: every member who can sign in
  --writes-per-second N
                       writes during real use, spread evenly (default 5; 0 for none): a member marks a
                       notification read, a member sends an instalment's receipt, the admin approves or rejects one
  --out FILE.md        also write the results as markdown
  --profile DIR        write a CPU profile of the server process to DIR (open it in Chrome's DevTools)`;

/** The one password of every generated account (for trying the app by hand on the bench database). */
const SESSION_AGENT = 'umrah-bench';

const log = (message: string) => console.log(message);

function positiveInt(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

type Mode = 'real' | 'repeated' | 'both';
function modeOf(value: string | undefined): Mode {
  if (value === 'real' || value === 'repeated' || value === 'both') return value;
  throw new Error('--mode must be real, repeated or both');
}

/** The records the endpoints name, and a session for a member and for the admin. */
type Fixtures = {
  memberToken: string;
  adminToken: string;
  memberId: string;
  memberEmail: string;
  groupId: string;
  groupNumber: string;
  planId: string;
  subscriptionId: string;
  instalmentId: string;
  /** The bank account most payments went to: the reconciliation's busiest. */
  bankAccountId: string;
  rowCounts: Record<string, number>;
  postgres: string;
};

async function prepareFixtures(url: string): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      const { rows } = await client.query<T>(sql, params);
      if (!rows[0]) throw new Error(`The bench database lacks what this query finds:\n${sql}`);
      return rows[0];
    };
    // A member with a referrer and the most people referred below them (the lowest number among equals).
    const member = await one<{ id: string; email: string; group_id: string; group_number: string; plan_id: string }>(
      `SELECT u.id, u.email, g.id AS group_id, g.group_number, g.plan_id
       FROM users u JOIN group_members gm ON gm.user_id = u.id JOIN committee_groups g ON g.id = gm.group_id
       WHERE u.role = 'USER' AND u.is_active AND NOT u.is_blocked AND EXISTS (SELECT 1 FROM referrals r WHERE r.referred_user_id = u.id)
       ORDER BY (SELECT count(*) FROM referrals r WHERE r.referrer_id = u.id) DESC, length(u.email), u.email LIMIT 1`,
    );
    const admin = await one<{ id: string }>(`SELECT id FROM users WHERE role = 'ADMIN' AND is_active ORDER BY created_at LIMIT 1`);
    const subscription = await one<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND type = 'SUBSCRIPTION' ORDER BY created_at LIMIT 1`, [member.id]);
    const instalment = await one<{ id: string }>(
      `SELECT id FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND receipt_id IS NOT NULL ORDER BY due_date DESC LIMIT 1`,
      [member.id],
    );

    const bankAccount = await one<{ id: string }>(`SELECT id FROM bank_accounts ORDER BY payment_count DESC, id LIMIT 1`);

    // Sessions as server/accounts/sessions.ts writes them: a random token, only its SHA-256 stored.
    await client.query('DELETE FROM sessions WHERE user_agent = $1', [SESSION_AGENT]);
    const signIn = async (userId: string) => {
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `INSERT INTO sessions (user_id, token_hash, expires_at, ip, user_agent) VALUES ($1, $2, now() + interval '1 day', '127.0.0.1', $3)`,
        [userId, createHash('sha256').update(token, 'utf8').digest('hex'), SESSION_AGENT],
      );
      return token;
    };

    const rowCounts: Record<string, number> = {};
    for (const table of ['users', 'committee_groups', 'payments', 'receipts', 'referrals', 'commissions', 'notifications', 'audit_log', 'winners']) {
      rowCounts[table] = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n;
    }
    const postgres = (await one<{ v: string }>(`SELECT current_setting('server_version') AS v`)).v;
    return {
      memberToken: await signIn(member.id),
      adminToken: await signIn(admin.id),
      memberId: member.id,
      memberEmail: member.email,
      groupId: member.group_id,
      groupNumber: member.group_number,
      planId: member.plan_id,
      subscriptionId: subscription.id,
      instalmentId: instalment.id,
      bankAccountId: bankAccount.id,
      rowCounts,
      postgres,
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// The endpoints: every GET a member's and an admin's pages call, with the web app's default page sizes.

type Role = 'visitor' | 'member' | 'admin';
type Endpoint = { role: Role; path: string };

function endpoints(f: Fixtures): Endpoint[] {
  const { month, year } = karachiToday();
  // The reconciliation page opens on this month, day by day (web/features/bank-accounts/admin/reconciliation-page.tsx).
  const thisMonth = `${year}-${String(month).padStart(2, '0')}`;
  const today = karachiDateOf(new Date());
  const visitor = ['/api/health', '/api/committee-plans'];
  const member = [
    '/api/auth/me',
    '/api/profile',
    '/api/payments/summary',
    '/api/payments?limit=100',
    `/api/payments/${f.instalmentId}`,
    `/api/payments/history/${f.instalmentId}`,
    '/api/committee-plans/user/groups',
    '/api/committees/user',
    '/api/committees',
    '/api/notifications?limit=20',
    '/api/referrals',
    '/api/referrals/stats',
    '/api/referrals/tree',
    '/api/referrals/commission-rules',
    '/api/referrals/commission-payments',
    '/api/referrals/commission-history',
    '/api/referrals/leaderboard',
    '/api/committee-plans',
    `/api/committee-plans/${f.planId}`,
    '/api/bank-accounts/active',
    '/api/plan-payments',
    `/api/plan-payments/${f.subscriptionId}`,
    `/api/committee-plans/user/groups/${f.groupId}/ledger`,
    `/api/committee-plans/user/groups/${f.groupId}/draws`,
  ];
  const admin = [
    '/api/auth/me',
    '/api/auth/two-factor',
    '/api/profile',
    '/api/admin/dashboard/overview',
    '/api/admin/dashboard/series?months=12',
    '/api/users/stats/overview',
    '/api/admin/users?page=1&limit=20',
    `/api/admin/users/${f.memberId}`,
    `/api/admin/users/${f.memberId}/ledger`,
    '/api/payments?page=1&limit=20',
    '/api/payments/pending-queue?page=1&limit=50',
    '/api/payments/summary',
    ...['summary', 'paid', 'pending', 'defaulters'].map((type) => `/api/payments/reports?reportType=${type}&page=1&limit=20`),
    `/api/payments/${f.instalmentId}`,
    `/api/payments/history/${f.instalmentId}`,
    '/api/plan-payments?page=1&limit=20',
    `/api/plan-payments/${f.subscriptionId}`,
    '/api/committee-plans?includeInactive=true&status=all&limit=100',
    '/api/admin/groups/all?limit=50',
    `/api/admin/groups/plan/${f.planId}?limit=100`,
    `/api/admin/groups/${f.groupId}/details`,
    `/api/admin/groups/${f.groupId}/payments?page=2`,
    `/api/admin/groups/${f.groupId}/arrears`,
    `/api/admin/groups/${f.groupId}/ledger`,
    `/api/admin/groups/${f.groupId}/draws`,
    '/api/admin/settings/reminders',
    '/api/committees?status=ACTIVE&limit=all',
    `/api/committees/${f.planId}`,
    '/api/winners?page=1&limit=20',
    '/api/winners/statistics',
    `/api/winners/eligible-members/${f.planId}/${f.groupNumber}?month=${month}&year=${year}`,
    '/api/referrals/reports?page=1&limit=50',
    '/api/referrals/commission-history?page=1&limit=50',
    `/api/referrals/tree?userId=${f.memberId}`,
    '/api/referrals/commission-rules',
    `/api/admin/commission-payments/pending?month=${month}&year=${year}`,
    '/api/admin/commission-payments/history?page=1&limit=50',
    '/api/bank-accounts',
    '/api/notifications?limit=20',
    '/api/admin/audit?page=1&limit=25',
    '/api/auth/sessions',
    `/api/admin/reconciliation?from=${thisMonth}-01&to=${today}&by=day`,
    `/api/admin/reconciliation/entries?bankAccountId=${f.bankAccountId}&month=${thisMonth}&page=1&limit=50`,
  ];
  return [
    ...visitor.map((p) => ({ role: 'visitor' as const, path: p })),
    ...member.map((p) => ({ role: 'member' as const, path: p })),
    ...admin.map((p) => ({ role: 'admin' as const, path: p })),
  ];
}

/**
 * What real use reads: the member's dashboard's first screen (the very requests its page asks for before
 * the app's code arrives) and the admin's payments queue, payments list, overview and reports, as the
 * endpoint list above has them.
 */
const REAL_USE_ADMIN_READS = ['/api/payments/pending-queue?', '/api/payments?', '/api/admin/dashboard/overview', '/api/payments/reports?'];

function realUseEndpoints(f: Fixtures): Endpoint[] {
  const member = openingReads['/dashboard'].map((p) => ({ role: 'member' as const, path: `/api${p}` }));
  const admin = endpoints(f).filter((e) => e.role === 'admin' && REAL_USE_ADMIN_READS.some((prefix) => e.path.startsWith(prefix)));
  return [...member, ...admin];
}

/** The path as the table shows it: record ids as {id}, so that runs on different datasets line up. */
const displayPath = (p: string) => p.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}');

/** The product's GET routes (OpenAPI templates such as /api/payments/{id}) that no endpoint above reaches. */
function unmeasuredRoutes(routes: string[], measured: Endpoint[]): string[] {
  return routes.filter((route) => {
    const pattern = new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return !measured.some((e) => pattern.test(e.path.split('?')[0]));
  });
}

// ---------------------------------------------------------------------------------------------------
// The server child and the measurements.

type Server = { child: ChildProcess; appUrl: string; helloUrl: string; getRoutes: string[]; metricsToken: string };

function startServer(databaseUrl: string): Promise<Server> {
  const metricsToken = randomBytes(24).toString('hex');
  const child = fork(path.join(root, 'bench/serve.ts'), [], {
    execArgv: [...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [])],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_METRICS_TOKEN: metricsToken,
      ...(args.pool ? { BENCH_POOL_SIZE: args.pool } : {}),
    },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench/serve.ts exited (${code}) before it was ready`)));
    child.on('message', (message: ServeMessage) => {
      if (message.type === 'ready') resolve({ child, appUrl: message.appUrl, helloUrl: message.helloUrl, getRoutes: message.getRoutes, metricsToken });
    });
  });
}

function ask<T extends ServeMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ServeMessage, { type: T }>> {
  return new Promise((resolve) => {
    const onMessage = (message: ServeMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as Extract<ServeMessage, { type: T }>);
    };
    child.on('message', onMessage);
    child.send(type);
  });
}

const queryStatus = (child: ChildProcess) => ask(child, 'queries');

/**
 * Waits until the server has answered every read sent to it: no GET under /api/ in flight at three
 * readings in a row, 50 ms apart. autocannon stops at the end of its time with requests still on their
 * way; their cache lookups belong to the run that sent them. Writes go on meanwhile, so the server is
 * never idle and queries cannot tell it (idleQueryCount).
 */
async function readsAnswered(child: ChildProcess): Promise<void> {
  let quiet = 0;
  for (const giveUp = Date.now() + 60_000; quiet < 3 && Date.now() < giveUp; ) {
    quiet = (await ask(child, 'reads')).inFlight === 0 ? quiet + 1 : 0;
    if (quiet < 3) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The query count once the server is idle: no query running and none sent for half a second. autocannon
 * stops at the end of its time, but the server still answers the requests already sent; they must not
 * be counted for the next endpoint nor compete with its run.
 */
async function idleQueryCount(child: ChildProcess): Promise<number> {
  let last = await queryStatus(child);
  let quietSince = Date.now();
  for (const giveUp = Date.now() + 120_000; Date.now() < giveUp; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await queryStatus(child);
    if (now.count !== last.count || now.running > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return now.count;
    last = now;
  }
  return last.count;
}

type Row = {
  endpoint: string;
  role: Role | '-';
  rps: number;
  p50: number;
  p99: number;
  queries: number;
  bytes: number;
  status: number;
  completed: number;
  non2xx: number;
  timeouts: number;
  errors: number;
};

async function measure(server: Server, url: string, headers: Record<string, string>, opts: { connections: number; duration: number; warmup: number }) {
  // One request alone first: its status, its size (uncompressed) and the queries it sent.
  const before = await idleQueryCount(server.child);
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const bytes = (await response.arrayBuffer()).byteLength;
  const queries = (await idleQueryCount(server.child)) - before;
  if (opts.warmup > 0) await autocannon({ url, headers, connections: opts.connections, duration: opts.warmup });
  const result = await autocannon({ url, headers, connections: opts.connections, duration: opts.duration });
  return {
    // Completed requests over the measured time (non-2xx answers included, and counted apart).
    rps: result.requests.total / result.duration,
    completed: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    queries,
    bytes,
    status: response.status,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    // Connection errors other than timeouts (refused, reset).
    errors: result.errors - result.timeouts,
  };
}

/** One member and the admin asking each endpoint again and again; the hello first, the higher of two. */
async function measureRepeatedReads(server: Server, selected: Endpoint[], f: Fixtures, opts: { connections: number; duration: number; warmup: number }): Promise<Row[]> {
  const tokens: Record<Role, string | undefined> = { visitor: undefined, member: f.memberToken, admin: f.adminToken };
  const rows: Row[] = [];
  const hello = await measure(server, server.helloUrl, {}, opts);
  rows.push({ endpoint: 'hello (bare Fastify, same process)', role: '-', ...hello });
  log(`  hello: ${hello.rps.toFixed(0)} req/s`);
  for (const endpoint of selected) {
    const token = tokens[endpoint.role];
    const result = await measure(server, `${server.appUrl}${endpoint.path}`, token ? { authorization: `Bearer ${token}` } : {}, opts);
    rows.push({ endpoint: displayPath(endpoint.path), role: endpoint.role, ...result });
    log(`  ${endpoint.role} ${endpoint.path}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.queries} queries, status ${result.status}`);
  }
  // The hello again at the end: one measure of it varies with what else the machine does, and the
  // higher of the two is the ceiling the shares are given against (the lower would flatter them).
  const helloAgain = await measure(server, server.helloUrl, {}, opts);
  log(`  hello again: ${helloAgain.rps.toFixed(0)} req/s`);
  rows[0] = { endpoint: 'hello (bare Fastify, same process; the higher of two, first and last)', role: '-', ...(helloAgain.rps > hello.rps ? helloAgain : hello) };
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Real use: many people, a random one per request, while writes run.

type Load = Pick<LoadOptions, 'url' | 'requests'>;

/** A GET of path, each request signed in as one of the tokens, picked at random. */
function signedInAsAnyOf(tokens: string[], path: string): LoadRequest {
  return {
    method: 'GET',
    path,
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}` } }),
  };
}

/** Requests sent one at a time, before each endpoint's load, to time "one request alone". */
const ALONE_SAMPLES = 15;

/**
 * "One request alone": ALONE_SAMPLES requests sent one after another, nothing else but the writes
 * running, each as a different person of tokens (those the random load is least likely to have used
 * yet: the list read from its end), each timed from sending to the last byte. The median and the highest.
 */
async function timeAlone(appUrl: string, path: string, tokens: string[], used: { next: number }): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < ALONE_SAMPLES; i++) {
    const token = tokens[tokens.length - 1 - (used.next++ % tokens.length)];
    const started = performance.now();
    const response = await fetch(`${appUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

type RealRow = {
  endpoint: string;
  role: Role | '-';
  /** One request alone (timeAlone), for the endpoints; none for the ceilings. */
  alone?: { median: number; max: number };
  rps: number;
  p50: number;
  p99: number;
  completed: number;
  non2xx: number;
  timeouts: number;
  errors: number;
  /** The session cache's lookups during the measured seconds ('sessions'). */
  lookups: CacheLookups;
  /** Writes answered per second during the measured seconds. */
  writesPerSecond: number;
};

async function measureUnderWrites(server: Server, load: Load, opts: { connections: number; duration: number; warmup: number }, writes: WriteLoop | undefined) {
  if (opts.warmup > 0) await autocannon({ ...load, connections: opts.connections, duration: opts.warmup });
  await readsAnswered(server.child);
  const before = await readCacheLookups(server.appUrl, server.metricsToken);
  const writesBefore = writes?.finished ?? 0;
  const started = performance.now();
  const result = await autocannon({ ...load, connections: opts.connections, duration: opts.duration });
  await readsAnswered(server.child);
  const seconds = (performance.now() - started) / 1000;
  const after = await readCacheLookups(server.appUrl, server.metricsToken);
  return {
    rps: result.requests.total / result.duration,
    completed: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    lookups: lookupsBetween(before, after),
    writesPerSecond: ((writes?.finished ?? 0) - writesBefore) / seconds,
  };
}

type RealResult = {
  /** The hello, the health check, then the endpoints. */
  rows: RealRow[];
  members: number;
  admins: number;
  writesPerSecond: number;
  writes: [WriteKind, WriteCount][];
  writeSeconds: number;
};

async function measureRealUse(server: Server, selected: Endpoint[], people: RealUse, opts: { connections: number; duration: number; warmup: number }, writesPerSecond: number): Promise<RealResult> {
  const writes = writesPerSecond > 0 ? new WriteLoop(server.appUrl, people.targets, writesPerSecond) : undefined;
  // The health check as the member reads are sent (a member's session on each, which it does not read),
  // so that the load generator's work per request is the same for the ceiling as for what it bounds.
  const health: Load = { url: server.appUrl, requests: [signedInAsAnyOf(people.memberTokens, '/api/health')] };
  const ceilings = async (when: string) => {
    const hello = await measureUnderWrites(server, { url: server.helloUrl }, opts, writes);
    log(`  hello${when}: ${hello.rps.toFixed(0)} req/s`);
    const healthCheck = await measureUnderWrites(server, health, opts, writes);
    log(`  health check${when}: ${healthCheck.rps.toFixed(0)} req/s`);
    return { hello, healthCheck };
  };
  const rows: RealRow[] = [];
  writes?.start();
  try {
    const first = await ceilings('');
    const used = { next: 0 };
    for (const endpoint of selected) {
      const tokens = endpoint.role === 'admin' ? people.adminTokens : people.memberTokens;
      const alone = await timeAlone(server.appUrl, endpoint.path, tokens, used);
      const result = await measureUnderWrites(server, { url: server.appUrl, requests: [signedInAsAnyOf(tokens, endpoint.path)] }, opts, writes);
      rows.push({ endpoint: displayPath(endpoint.path), role: endpoint.role, alone, ...result });
      log(
        `  ${endpoint.role} ${endpoint.path}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, sessions kept ${hitRate(result.lookups.sessions)}, ${result.non2xx} non-2xx`,
      );
    }
    // Each ceiling again at the end, the higher of the two kept (as in the repeated-read table).
    const last = await ceilings(' again');
    // The ceilings' rows show no cache lookups: the hello makes none, the health check none of its own
    // (the only ones during their runs are the writes' sessions).
    const higher = <T extends { rps: number }>(a: T, b: T) => ({ ...(b.rps > a.rps ? b : a), lookups: {} });
    rows.unshift(
      { endpoint: 'hello (bare Fastify, same process; the higher of two, first and last)', role: '-', ...higher(first.hello, last.hello) },
      { endpoint: '/api/health (one SELECT 1; the higher of two, first and last)', role: 'visitor', ...higher(first.healthCheck, last.healthCheck) },
    );
  } finally {
    await writes?.stop();
  }
  return { rows, members: people.memberTokens.length, admins: people.adminTokens.length, writesPerSecond, writes: writes?.counts() ?? [], writeSeconds: writes?.seconds ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// The tables.

/** A share of a ceiling, with two decimals below 1%. */
const share = (rps: number, ceiling: number) => `${((rps / ceiling) * 100).toFixed(rps / ceiling < 0.01 ? 2 : 1)}%`;

/** "97.5% of 12,345" (the lookups made), or - when there were none. */
function hitRate(lookups: Lookups | undefined): string {
  const total = lookups ? lookups.hits + lookups.misses : 0;
  if (!lookups || total === 0) return '-';
  return `${((lookups.hits / total) * 100).toFixed(1)}% of ${total.toLocaleString('en-US')}`;
}

const REAL_COLUMNS = ['endpoint', 'role', 'req/s', '% of hello', '% of health', 'p50 ms', 'p99 ms', `alone ms (median / max of ${ALONE_SAMPLES})`, 'session cache hits', 'writes/s', 'non-2xx / timeouts'];

function realCells(row: RealRow, helloRps: number, healthRps: number): string[] {
  const problems = [`${row.non2xx} / ${row.timeouts}`];
  if (row.errors > 0) problems.push(`${row.errors} errors`);
  if (row.completed === 0) problems.push('none answered in time');
  const ms = (value: number) => (row.completed === 0 ? '-' : value.toFixed(0));
  return [
    row.endpoint,
    row.role,
    row.rps.toFixed(row.rps < 10 ? 1 : 0),
    share(row.rps, helloRps),
    share(row.rps, healthRps),
    ms(row.p50),
    ms(row.p99),
    row.alone ? `${row.alone.median.toFixed(1)} / ${row.alone.max.toFixed(1)}` : '-',
    hitRate(row.lookups.sessions),
    row.writesPerSecond.toFixed(1),
    problems.join(', '),
  ];
}

/** The writes of a real-use run: the rate done against the rate asked, and each kind's answers. */
function writesSummary(real: RealResult): string {
  if (real.writesPerSecond === 0) return 'Writes: none (--writes-per-second 0).';
  const done = real.writes.reduce((sum, [, c]) => sum + c.sent, 0);
  const failed = real.writes.reduce((sum, [, c]) => sum + c.failed, 0);
  const kinds = real.writes.map(([kind, c]) => {
    const failures = Object.entries(c.failures).map(([status, n]) => `${status} ×${n}`);
    return `${kind} ${c.sent} (${c.succeeded} 2xx${failures.length ? `, failed: ${failures.join(', ')}` : ''})`;
  });
  const first = real.writes.find(([, c]) => c.firstFailure)?.[1].firstFailure;
  return [
    `Writes: ${real.writesPerSecond}/s asked, ${(done / real.writeSeconds).toFixed(2)}/s done over ${real.writeSeconds.toFixed(0)} s; ${done} writes, ${done - failed} 2xx, ${failed} failed: ${kinds.join('; ')}.`,
    ...(first ? [`First failure: ${first}`] : []),
  ].join('\n');
}

const COLUMNS = ['endpoint', 'role', 'req/s', '% of hello', 'p50 ms', 'p99 ms', 'queries/req', 'bytes', 'non-2xx / timeouts'];

function cells(row: Row, helloRps: number): string[] {
  const problems = [`${row.non2xx} / ${row.timeouts}`];
  if (row.errors > 0) problems.push(`${row.errors} errors`);
  if (row.status < 200 || row.status > 299) problems.push(`probe ${row.status}`);
  if (row.completed === 0) problems.push('none answered in time');
  const ms = (value: number) => (row.completed === 0 ? '-' : value.toFixed(0));
  return [
    row.endpoint,
    row.role,
    row.rps.toFixed(row.rps < 10 ? 1 : 0),
    share(row.rps, helloRps),
    ms(row.p50),
    ms(row.p99),
    String(row.queries),
    String(row.bytes),
    problems.join(', '),
  ];
}

function textTable(header: string[], body: string[][], rightAligned: (i: number) => boolean): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (rightAligned(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function markdownTable(header: string[], body: string[][], rightAligned: (i: number) => boolean): string {
  const escape = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (rightAligned(i) ? '---:' : '---')).join('|')}|`,
    ...body.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const BUNDLE_COLUMNS = ['page', 'JS gzip', 'CSS gzip', 'JS raw', 'CSS raw', 'files'];
const bundleCells = (p: PageWeight) => [p.page, kb(p.jsGzip), kb(p.cssGzip), kb(p.jsBytes), kb(p.cssBytes), p.files.map((f) => path.basename(f)).join(', ')];

// ---------------------------------------------------------------------------------------------------

async function main() {
  if (args.help) return log(USAGE);
  const members = positiveInt('members', args.members);
  const mode = modeOf(args.mode);
  const realMembers = args['real-members'] === 'all' ? 'all' : positiveInt('real-members', args['real-members']);
  const writesPerSecond = Number(args['writes-per-second']);
  if (!(writesPerSecond >= 0)) throw new Error('--writes-per-second must be a number, 0 or more');
  const opts = { connections: positiveInt('connections', args.connections), duration: positiveInt('duration', args.duration), warmup: Number(args.warmup) || 0 };
  const only = (e: Endpoint) => !args.only || args.only.split(',').some((text) => `${e.role} ${displayPath(e.path)}`.includes(text));

  const prepared = await prepareDatabase(args['database-url']!, members, args.reuse!, log);
  const fixtures = await prepareFixtures(prepared.url);
  log(`Signed in as ${fixtures.memberEmail} (member) and the admin; rows: ${Object.entries(fixtures.rowCounts).map(([t, n]) => `${t} ${n}`).join(', ')}.`);
  const people = mode === 'repeated' ? undefined : await prepareRealUse(prepared.url, { count: realMembers, sessionAgent: SESSION_AGENT, keepStill: fixtures.memberId });
  if (people) {
    const t = people.targets;
    log(
      `Real use: ${people.memberTokens.length} members and ${people.adminTokens.length} admin signed in; to write: ${t.notifications.length} notifications, ${t.openInstalments.length} instalments open for a receipt, ${t.underReview.length} under review.`,
    );
  }

  const server = await startServer(prepared.url);
  let real: RealResult | undefined;
  const rows: Row[] = [];
  let skipped: string[] = [];
  try {
    if (people) {
      const selected = realUseEndpoints(fixtures).filter(only);
      log(
        `Real use: the hello, the health check and ${selected.length} endpoints under ${writesPerSecond} writes/s, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each…`,
      );
      real = await measureRealUse(server, selected, people, opts, writesPerSecond);
    }
    if (mode !== 'real') {
      const selected = endpoints(fixtures).filter(only);
      skipped = unmeasuredRoutes(server.getRoutes, endpoints(fixtures));
      log(`Repeated reads: the hello and ${selected.length} endpoints, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s each…`);
      rows.push(...(await measureRepeatedReads(server, selected, fixtures, opts)));
    }
  } finally {
    server.child.send('stop');
  }

  const numeric = (i: number) => i >= 2 && i <= 7;
  const realNumeric = (i: number) => i >= 2 && i <= 9;
  const weights = measureBundle(root, log);
  const bundleRight = (i: number) => i >= 1 && i <= 4;

  const cpu = os.cpus();
  const about = [
    `${new Date().toISOString()}; ${members} members (umrah_bench_${members}, ${prepared.generation}); PostgreSQL ${fixtures.postgres}`,
    `Node ${process.version}; ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}; ${opts.connections} connections; database pool ${args.pool ?? process.env.DATABASE_POOL_SIZE ?? 10}; ${opts.warmup} s warm-up + ${opts.duration} s per endpoint`,
    `Rows: ${Object.entries(fixtures.rowCounts).map(([t, n]) => `${t} ${n}`).join(', ')}`,
  ];
  // Each table as a title, what it measured, and its rows: printed, and written with --out.
  const tables: { title: string; lines: string[]; header: string[]; body: string[][]; right: (i: number) => boolean }[] = [];
  if (real) {
    const [hello, health] = real.rows;
    tables.push({
      title: 'Real use',
      lines: [
        `${real.members} members, a random one per request, and ${real.admins} admin signed in; ${
          real.writesPerSecond > 0
            ? `${real.writesPerSecond} writes/s meanwhile, spread evenly (a notification marked read, an instalment's receipt sent, a receipt approved or rejected, in turn)`
            : 'nothing written'
        }`,
        'Shares of the hello and of the health check measured in this run under the same writes; cache hits from the server\'s cache_lookups_total over each measured run',
        ...writesSummary(real).split('\n'),
      ],
      header: REAL_COLUMNS,
      body: real.rows.map((row) => realCells(row, hello.rps, health.rps)),
      right: realNumeric,
    });
  }
  if (rows.length > 0) {
    tables.push({
      title: 'Repeated reads',
      lines: [`${fixtures.memberEmail} and the admin asking each endpoint again and again; nothing written`],
      header: COLUMNS,
      body: rows.map((row) => cells(row, rows[0].rps)),
      right: numeric,
    });
  }
  log(`\n${about.join('\n')}`);
  for (const table of tables) log(`\n${table.title}: ${table.lines.join('\n')}\n\n${textTable(table.header, table.body, table.right)}`);
  log(`\n${textTable(BUNDLE_COLUMNS, weights.map(bundleCells), bundleRight)}`);
  if (skipped.length) log(`\nGET routes not measured: ${skipped.join(', ')}`);

  if (args.out) {
    const markdown = [
      `# Benchmark: ${members} members`,
      '',
      ...about.map((line) => `${line}  `),
      '',
      ...tables.flatMap((table) => [`## ${table.title}`, '', ...table.lines.map((line) => `${line}  `), '', markdownTable(table.header, table.body, table.right), '']),
      '## The web bundle',
      '',
      markdownTable(BUNDLE_COLUMNS, weights.map(bundleCells), bundleRight),
      '',
      ...(rows.length > 0 ? [skipped.length ? `GET routes not measured: ${skipped.map((r) => `\`${r}\``).join(', ')}` : 'Every GET route was measured.', ''] : []),
    ].join('\n');
    fs.writeFileSync(args.out, markdown);
    log(`\nWritten to ${args.out}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

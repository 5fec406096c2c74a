/**
 * A real application on a fresh database for one test file, called over real HTTP semantics
 * through app.inject. Nothing of the product is mocked: only mail leaves through a transport the
 * test chooses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { afterAll, expect, inject } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { AuthRateLimits } from '../accounts/auth-routes.ts';
import type { ReceiptStorage } from '../receipts/receipt-storage.ts';
import type { ReceiptUploadLimits } from '../receipts/receipt-upload.ts';
import type { StatementPool } from '../instalments/statement-pool.ts';
import type { StatementLimits } from '../instalments/statement-routes.ts';
import { loadConfig, type Config } from '../config.ts';
import type { errorBody } from '../../contract/answers.ts';
import type { RouteAnswers } from './route-answers.ts';
import { openPglite, openPostgres, type Database, type PostgresOptions } from '../db/database.ts';
import { loggerOptions } from '../logger.ts';
import { withDatabase } from './database-url.ts';

export const TEST_APP_URL = 'http://umrah.test';

/** The databases of test applications not yet closed; checked after every test (check-invariants.ts). */
export const openTestDatabases = new Set<Database>();

/**
 * PostgreSQL only: a copy of the template database with `count` pools of `size` connections on it, as
 * `count` servers sharing one database would have.
 */
export async function openServerPools(count: number, size: number): Promise<{ pools: Database[]; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `umrah_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const pools = Array.from({ length: count }, () => openPostgres(withDatabase(url, name), { poolSize: size }));
  return {
    pools,
    drop: async () => {
      await Promise.all(pools.map((pool) => pool.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export type TestDatabaseOptions = {
  /** PostgreSQL: the pool's settings (a size of 25 unless given; the product's time limits). */
  postgres?: Partial<PostgresOptions>;
  /** PostgreSQL: the address the server connects through (a relay that can hold its bytes), from the database's own. */
  connectThrough?: (url: string) => string;
};

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<{ db: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `umrah_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const own = withDatabase(url, name);
    const db = openPostgres(options.connectThrough?.(own) ?? own, { poolSize: 25, ...options.postgres });
    return {
      db,
      drop: async () => {
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const template = new Blob([fs.readFileSync(inject('pgliteTemplateFile'))]);
  const db = await openPglite(undefined, template);
  return { db, drop: () => db.close() };
}

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Every log line the app wrote, as JSON text. */
  logLines: string[];
  mailQueuedCount: () => number;
  /** Sets the time the app reads its figures at (RULES §6a); undefined returns to the real clock. */
  setNow(now: Date | string | undefined): void;
  close(): Promise<void>;
};

export async function createTestContext(
  options: {
    authRateLimits?: AuthRateLimits;
    receiptUploadLimits?: ReceiptUploadLimits;
    statementLimits?: StatementLimits;
    /** The threads statements are drawn in; the configuration's unless given. Closed with the app. */
    statementPool?: StatementPool;
    env?: Record<string, string>;
    webDir?: string;
    /** Where receipt files go; the configuration's store (a folder in the test's data directory) unless given. */
    receiptStorage?: ReceiptStorage;
    /** A second server over this context's database (closed without dropping it), as when several servers share one PostgreSQL. */
    sameDatabaseAs?: TestContext;
    /** How the fresh database is opened (PostgreSQL's pool settings, a relay in between). */
    database?: TestDatabaseOptions;
    /** Anything else the app is built with (its metrics, its lifecycle). */
    app?: Partial<Pick<AppOptions, 'metrics' | 'lifecycle'>>;
  } = {},
): Promise<TestContext> {
  const { db, drop } = options.sameDatabaseAs ? { db: options.sameDatabaseAs.db, drop: async () => {} } : await createTestDatabase(options.database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-test-data-'));
  // The overload guard is off unless a test turns it on: the embedded database runs on the event loop,
  // and a busy test machine would otherwise see its own loop lag as the server's overload.
  const config = loadConfig({ APP_URL: TEST_APP_URL, LOG_LEVEL: 'info', DATA_DIR: dataDir, MAX_EVENT_LOOP_DELAY_MS: '0', ...options.env });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const logger = pino(loggerOptions('info'), sink);
  let queued = 0;
  let fixedNow: Date | undefined;
  const app = await buildApp({
    clock: () => fixedNow ?? new Date(),
    config,
    db,
    logger,
    mailQueued: () => queued++,
    webDir: options.webDir,
    receiptStorage: options.receiptStorage,
    // Generous by default so that a file's many logins never trip them; rate-limit tests set their own.
    authRateLimits: options.authRateLimits ?? { perAddress: 10_000, perEmail: 10_000, signInsPerEmail: 10_000, signInsPerEmailFromOneAddress: 10_000, perUserChanges: 10_000, windowMs: 60_000 },
    // Likewise for receipt uploads: a file's members upload many receipts; the flood test sets its own.
    receiptUploadLimits: options.receiptUploadLimits ?? { perUser: 10_000, windowMs: 60_000, stallMs: 30_000 },
    // And for statements: a file's admin and members download many; the limit's own test sets its own.
    statementLimits: options.statementLimits ?? { perUser: 10_000, windowMs: 60_000 },
    statementPool: options.statementPool,
    checkResponses: true,
    ...options.app,
  });
  await app.ready();
  openTestDatabases.add(db);
  return {
    app,
    db,
    config,
    logLines,
    mailQueuedCount: () => queued,
    setNow: (now) => {
      fixedNow = now === undefined ? undefined : new Date(now);
    },
    close: async () => {
      if (!options.sameDatabaseAs) openTestDatabases.delete(db);
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test file's context, opened as the file loads and closed after its last test:
 * `const { ctx, api } = await openTestFile();` at the top of the file.
 */
export async function openTestFile(options?: Parameters<typeof createTestContext>[0]): Promise<{ ctx: TestContext; api: ApiClient }> {
  const ctx = await createTestContext(options);
  afterAll(() => ctx.close());
  return { ctx, api: client(ctx) };
}

/**
 * A race test file's context (PostgreSQL runs): a client over real sockets, so that requests sent together
 * are served in parallel, and two administrators; closed after the file's last test.
 */
export async function openRaceFile(): Promise<{ ctx: TestContext; api: ApiClient; admins: Awaited<ReturnType<typeof signInAdmin>>[] }> {
  const ctx = await createTestContext();
  afterAll(() => ctx.close());
  const api = await socketClient(ctx);
  return { ctx, api, admins: [await signInAdmin(ctx), await signInAdmin(ctx)] };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Route = keyof RouteAnswers;

/** The routes of this method whose address pattern `url` fits, a query string allowed after it. */
type RoutesFitting<M extends Method, U extends string> = {
  [K in Route]: K extends `${M} ${string}` ? (U extends RouteAnswers[K]['url'] | `${RouteAnswers[K]['url']}?${string}` ? K : never) : never;
}[Route];

/** Whether another of the routes is narrower than K: `/api/groups/mine` is, against `/api/groups/:id`. */
type Narrower<K extends Route, Ks extends Route> = true extends (Ks extends K ? false : RouteAnswers[Ks]['url'] extends RouteAnswers[K]['url'] ? true : false) ? true : false;

/** The route an address reaches, as the router would choose it: the narrowest that fits. */
type RouteOf<M extends Method, U extends string, Ks extends Route = RoutesFitting<M, U>> = { [K in Ks]: Narrower<K, Ks> extends true ? never : K }[Ks];

/**
 * What a route answers: any of its success answers, with its refusal's fields beside them, since a test
 * reads either from one body after checking the status itself (a field the answer lacks is then
 * undefined, and the test's assertion fails on it).
 */
type AnswerOf<K extends Route> = [RouteAnswers[K]['answer']] extends [never]
  ? RouteAnswers[K]['refusal'] // a route that only refuses (POST /api/winners/select)
  : RouteAnswers[K]['answer'] extends infer Answer
  ? Answer extends unknown
    ? Answer & Omit<Required<RouteAnswers[K]['refusal']>, keyof Answer>
    : never
  : never;

/** An address no route serves (a page of the web app, a path that does not exist): text or the one error body. */
type Unrouted = string & Partial<z.output<typeof errorBody>>;

/** The body of a call to `url`, typed by the contract's answers of the route it reaches (route-answers.ts). */
export type BodyOf<M extends Method, U extends string> = [RouteOf<M, U>] extends [never] ? Unrouted : AnswerOf<RouteOf<M, U>>;

/**
 * A call's response, its body typed by its route's answers in the contract. The types say what the
 * route can answer; a call that names its answer's schema (`Expect`) also gets it checked at run time.
 * A test never casts the body to a shape of its own (the lint refuses it).
 */
export type ApiResponse<Body = unknown> = { status: number; body: Body; headers: Record<string, unknown> };

/**
 * What a call expects: the contract's schema of its answer (e.g. `{ answer: paymentAnswer }`), in zod's
 * full build or its small one (the first screen's answers, decision 041).
 */
export type Expect<S extends z.core.$ZodType> = { answer: S };

/** A response whose body was checked against the answer's schema, and is typed by it. */
export type TypedResponse<S extends z.core.$ZodType> = ApiResponse<z.output<S>>;

/**
 * The calls of a test. Given `Expect`, the answer must be in its schema's shape, or the test fails
 * here with zod's words (an error answer too: a typed call expects the answer it names).
 */
export interface ApiClient {
  get<U extends string>(url: U, token?: string): Promise<ApiResponse<BodyOf<'GET', U>>>;
  get<S extends z.core.$ZodType>(url: string, token: string | undefined, expect: Expect<S>): Promise<TypedResponse<S>>;
  post<U extends string>(url: U, body?: unknown, token?: string): Promise<ApiResponse<BodyOf<'POST', U>>>;
  post<S extends z.core.$ZodType>(url: string, body: unknown, token: string | undefined, expect: Expect<S>): Promise<TypedResponse<S>>;
  put<U extends string>(url: U, body?: unknown, token?: string): Promise<ApiResponse<BodyOf<'PUT', U>>>;
  put<S extends z.core.$ZodType>(url: string, body: unknown, token: string | undefined, expect: Expect<S>): Promise<TypedResponse<S>>;
  delete<U extends string>(url: U, token?: string): Promise<ApiResponse<BodyOf<'DELETE', U>>>;
  delete<S extends z.core.$ZodType>(url: string, token: string | undefined, expect: Expect<S>): Promise<TypedResponse<S>>;
}

type Send = (method: Method, url: string, body?: unknown, token?: string) => Promise<ApiResponse>;

/**
 * The body is checked, then kept as the server sent it rather than as zod would return it: a test that
 * asserts a field is absent must see the answer itself, not a copy stripped of what the schema omits.
 */
function checkedAnswer(method: Method, url: string, response: ApiResponse, expect: Expect<z.core.$ZodType>): ApiResponse {
  const checked = z.safeParse(expect.answer, response.body);
  if (!checked.success) {
    throw new Error(`${method} ${url} answered ${response.status}, not in the shape of its answer's schema:\n${z.prettifyError(checked.error)}\n${JSON.stringify(response.body)}`);
  }
  return response;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function methodsOf(call: Send): ApiClient {
  const send = async (method: Method, url: string, body: unknown, token: string | undefined, expect: Expect<z.core.$ZodType> | undefined) => {
    const response = await call(method, url, body, token);
    return expect ? checkedAnswer(method, url, response, expect) : response;
  };
  // The bodies are what the route's contract says: the test app checks every answer against its schema
  // before sending it (checkResponses), so the table's types (route-answers.ts) hold for what arrives.
  const calls = {
    get: (url: string, token?: string, expect?: Expect<z.core.$ZodType>) => send('GET', url, undefined, token, expect),
    post: (url: string, body?: unknown, token?: string, expect?: Expect<z.core.$ZodType>) => send('POST', url, body, token, expect),
    put: (url: string, body?: unknown, token?: string, expect?: Expect<z.core.$ZodType>) => send('PUT', url, body, token, expect),
    delete: (url: string, token?: string, expect?: Expect<z.core.$ZodType>) => send('DELETE', url, undefined, token, expect),
  };
  return calls as ApiClient;
}

/** The body of an answer that must have this status; otherwise the test fails, showing the body. */
export function ok<Body>(res: ApiResponse<Body>, status = 200): Body {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

export function client(ctx: Pick<TestContext, 'app'>): ApiClient {
  return methodsOf(async (method, url, body, token) => {
    const response = await ctx.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: jsonOrText(response.body), headers: response.headers };
  });
}

/**
 * The same calls, sent over real sockets to the app listening on a loopback port: for race tests,
 * whose parallel requests must arrive as separate connections, the way several browsers' would.
 */
export async function socketClient(ctx: Pick<TestContext, 'app'>): Promise<ApiClient> {
  if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as { port: number };
  return methodsOf(async (method, url, body, token) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: jsonOrText(await response.text()), headers: Object.fromEntries(response.headers) };
  });
}

/** The newest message queued for an address, as the mail worker would send it. */
export async function lastEmailTo(db: Database, to: string): Promise<{ subject: string; text_body: string } | undefined> {
  const { rows } = await db.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [to],
  );
  return rows[0];
}

/** The token of the link to `path` in an email text. */
export function tokenFromEmail(text: string, path: '/verify-email' | '/reset-password'): string {
  const match = new RegExp(`${TEST_APP_URL}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in the email`);
  return match[1];
}

let counter = 0;
export function uniqueEmail(prefix = 'member'): string {
  counter++;
  return `${prefix}.${counter}.${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers, verifies through the emailed link and logs in: a member ready to use the app. */
export async function signUpMember(
  ctx: TestContext,
  fields: { name?: string; email?: string; password?: string; referralCode?: string; cnic?: string; phone?: string; language?: 'en' | 'ur' } = {},
) {
  const api = client(ctx);
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'secret-pass-1';
  const registered = await api.post('/api/auth/register', { ...fields, name: fields.name ?? 'Test Member', email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const mail = await lastEmailTo(ctx.db, email);
  const verified = await api.get(`/api/auth/verify-email?token=${tokenFromEmail(mail!.text_body, '/verify-email')}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const login = await api.post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { email, password, token: login.body.token as string, user: login.body.user as { id: string; referralCode: string; role: string } };
}

/** A signed-in administrator (created as RULES §3's first admin is). */
export async function signInAdmin(ctx: TestContext, email = uniqueEmail('admin')) {
  const { ensureAdmin } = await import('../accounts/account-service.ts');
  const password = 'admin-pass-123';
  const { user } = await ensureAdmin(ctx.db, { email, password, name: 'Admin User' });
  const login = await client(ctx).post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return { email, password, token: login.body.token as string, user };
}

/** A multipart/form-data body, built by hand so that tests control every byte (names, types, sizes). */
export function multipartBody(fields: Record<string, string>, file?: { field?: string; name: string; type: string; data: Buffer }) {
  const boundary = `----umrah${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'receipt'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid files of each kind a receipt may be. */
export const sampleFiles = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d2d1a50000000049454e44ae426082',
    'hex',
  ),
  // An 8×8 grey baseline JPEG: quantisation table, frame, one-code Huffman tables, one scan, end marker.
  jpg: Buffer.from(
    `ffd8ffdb004300${'01'.repeat(64)}ffc0000b080008000801011100ffc4001400${'01' + '00'.repeat(16)}ffc4001410${'01' + '00'.repeat(16)}ffda0008010100003f003fffd9`,
    'hex',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

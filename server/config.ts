/**
 * Configuration comes from the environment only, and is checked once at start:
 * a mistake stops the server with a readable list instead of failing later.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from './lib/common-passwords.ts';

/**
 * Statement threads unless STATEMENT_WORKERS says otherwise: a core is left to the event loop and the
 * embedded database; at most 4, as each thread keeps its own fonts and memory, about 100 MB resident
 * (docs/performance.md).
 */
export const defaultStatementWorkers = () => Math.min(4, Math.max(1, os.availableParallelism() - 1));

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankIsUnset, z.string().trim().optional());
/** A whole number from min to max, its default when unset or blank. */
const wholeNumber = (min: number, max: number, fallback: number) => z.preprocess(blankIsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

const envSchema = z
  .object({
    // 0: any free port (the address is logged at start).
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    // false for operators who migrate once with `npm run migrate` before rolling out several servers.
    MIGRATE_AT_START: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).default('true')),
    DATABASE_POOL_SIZE: wholeNumber(1, 100, 10),
    STATEMENT_WORKERS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(32).default(defaultStatementWorkers)),
    STATEMENT_QUEUE: wholeNumber(0, 1000, 20),
    // How long anything waits for the database (docs/deploy.md, "Faults"): never without end.
    DATABASE_ACQUIRE_TIMEOUT_MS: wholeNumber(100, 120_000, 5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 3_600_000, 15_000),
    DATABASE_JOB_STATEMENT_TIMEOUT_MS: wholeNumber(0, 86_400_000, 600_000),
    DATABASE_NOTICE_TIMEOUT_MS: wholeNumber(100, 120_000, 5_000),
    // Hours between a draw's commitment and the moment it may be drawn (fractions allowed; 0: at once).
    DRAW_NOTICE_HOURS: z.preprocess(blankIsUnset, z.coerce.number().min(0).max(720).default(24)),
    // Days apart a statement line and a receipt's transfer may be and still be matched by amount and name.
    STATEMENT_MATCH_DAYS: wholeNumber(0, 31, 3),
    SHUTDOWN_GRACE_SECONDS: wholeNumber(0, 3_600, 20),
    MAX_EVENT_LOOP_DELAY_MS: wholeNumber(0, 60_000, 1_000),
    UPLOAD_TIMEOUT_SECONDS: wholeNumber(1, 3_600, 120),
    UPLOADS_AT_ONCE: wholeNumber(1, 1_000, 20),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    METRICS_PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(65535).optional()),
    APP_URL: optionalText.pipe(z.url({ error: 'must be a URL such as https://example.com' }).optional()),
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
    MAIL_FROM: z.string().default('Umrah Committee <no-reply@localhost>'),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z
        .string()
        .min(6, 'must be at least 6 characters')
        .refine((password) => !isCommonPassword(password), 'is one of the most common passwords: choose another')
        .optional(),
    ),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    OVERDUE_GRACE_DAY: z.coerce.number().int().min(1).max(28).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: optionalText.transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust === 'string') {
        ctx.addIssue({ code: 'custom', message: trust });
        return z.NEVER;
      }
      return trust;
    }),
    // Receipts go to this bucket of an S3-compatible store when it is set; to DATA_DIR/receipts otherwise.
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    S3_REGION: optionalText.pipe(z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).default('false')),
    // The VAPID key pair push services know the app by (base64url, as web-push writes them); made once and kept in the database when unset.
    VAPID_PUBLIC_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)').optional()),
    VAPID_PRIVATE_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)').optional()),
    VAPID_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address').optional()),
    PUSH_SERVICES: optionalText,
  });

/**
 * The browsers' push services a subscription may point to (an origin, or `https://*.` a domain's
 * subdomains): the server posts to a subscription's endpoint, so an endpoint anywhere else is refused.
 */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://*.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://*.push.apple.com',
];

/** The address of MAIL_FROM ("Name <a@b>" or "a@b"). */
const mailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * Which proxies' X-Forwarded-For entries are believed: none (false), the last N hops (a number: the
 * client is the address the N-th proxy from the server saw), or proxies at these addresses (IPs,
 * CIDRs, or proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_FORMS =
  'must be false, the number of proxies in front of the server (such as 1), or their addresses separated by commas (such as 127.0.0.1,10.0.0.0/8)';
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY's value as Fastify's trust, or the reason it is refused. */
function parseTrustProxy(value: string | undefined): TrustProxy | string {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') {
    return 'true would believe every X-Forwarded-For header, so any client could pose as any address (dodging rate limits, or locking others out): set the number of proxies in front of the server (such as 1) or their addresses (such as 127.0.0.1)';
  }
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : `${TRUST_PROXY_FORMS}; a number of proxies is from 1 to 10`;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) return `${TRUST_PROXY_FORMS}; not an IP address or CIDR range: ${wrong.map((entry) => `"${entry}"`).join(', ')}`;
  return entries;
}

/**
 * Fastify's trustProxy for a TrustProxy. A number becomes a function of the hop: Fastify itself
 * ignores a plain number (it trusts nothing then), since a hop count cannot tell a proxy from a
 * client that reaches the server directly; the server must then be reachable only through its proxy.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Where receipt files are stored (receipts/create-receipt-storage.ts). */
export type ReceiptStoreConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible service's address; AWS S3 itself when unset. */
      endpoint?: string;
      region: string;
      /** The SDK's default credential chain (environment, profile, instance role) when unset. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** Buckets addressed as endpoint/bucket rather than bucket.endpoint, as most self-hosted stores need. */
      forcePathStyle: boolean;
    };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Whether a server applies pending migrations as it starts; when false it refuses to start while any is pending. */
  migrateAtStart: boolean;
  /** Connections each server keeps to PostgreSQL (docs/performance.md: more than a few per core only queue in the database). */
  databasePoolSize: number;
  /** Threads each server draws statements in (decision 042). */
  statementWorkers: number;
  /** Statements that may wait for one of those threads; one more is answered 503. */
  statementQueue: number;
  /** How long after its commitment a draw may be made, in hours (docs/draws.md); 0 at once. */
  drawNoticeHours: number;
  /** Days apart a statement line's date and a receipt's transfer date may be, matched by amount and name. */
  statementMatchDays: number;
  /** How long anything waits for the database, in milliseconds (docs/deploy.md, "Faults"). */
  databaseTimeouts: { acquireMs: number; statementMs: number; jobStatementMs: number; noticeMs: number };
  /** How long requests in flight may take to finish after SIGTERM before they are cut. */
  shutdownGraceSeconds: number;
  /** Requests are answered 503 while the event loop's mean delay passes this (0: never). */
  maxEventLoopDelayMs: number;
  /** Receipt forms: the whole body must arrive within this, and at most this many are read at once. */
  uploads: { timeoutSeconds: number; atOnce: number };
  /** GET /metrics: on the app's port with this bearer token, and/or on its own port on 127.0.0.1. */
  metrics: { token?: string; port?: number };
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  admin?: { email: string; password: string };
  sessionDays: number;
  overdueGraceDay: number;
  logLevel: string;
  trustProxy: TrustProxy;
  receiptStore: ReceiptStoreConfig;
  /** Web push: the configured VAPID keys (else the database's), the subject push services may write to, the push services sent to. */
  push: { vapidKeys?: { publicKey: string; privateKey: string }; subject: string; services: string[] };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  const isSet = (name: string) => !!env[name]?.trim();
  if (isSet('ADMIN_EMAIL') !== isSet('ADMIN_PASSWORD')) lines.push('  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (isSet('S3_ACCESS_KEY_ID') !== isSet('S3_SECRET_ACCESS_KEY')) {
    lines.push('  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default credential chain)');
  }
  // Without a bucket the other S3 settings would be ignored without a word: said instead.
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(isSet);
  if (!isSet('S3_BUCKET') && s3Settings.length > 0) lines.push(`  S3_BUCKET: must be set when ${s3Settings.join(' and ')} ${s3Settings.length > 1 ? 'are' : 'is'}`);
  if (isSet('VAPID_PUBLIC_KEY') !== isSet('VAPID_PRIVATE_KEY')) lines.push('  VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is made and kept in the database)');
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrateAtStart: e.MIGRATE_AT_START === 'true',
    databasePoolSize: e.DATABASE_POOL_SIZE,
    statementWorkers: e.STATEMENT_WORKERS,
    statementQueue: e.STATEMENT_QUEUE,
    drawNoticeHours: e.DRAW_NOTICE_HOURS,
    statementMatchDays: e.STATEMENT_MATCH_DAYS,
    databaseTimeouts: {
      acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      jobStatementMs: e.DATABASE_JOB_STATEMENT_TIMEOUT_MS,
      noticeMs: e.DATABASE_NOTICE_TIMEOUT_MS,
    },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    uploads: { timeoutSeconds: e.UPLOAD_TIMEOUT_SECONDS, atOnce: e.UPLOADS_AT_ONCE },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    sessionDays: e.SESSION_DAYS,
    overdueGraceDay: e.OVERDUE_GRACE_DAY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    receiptStore: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'folder', dir: path.join(path.resolve(e.DATA_DIR), 'receipts') },
    push: {
      vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? (e.APP_URL?.startsWith('https://') ? e.APP_URL : `mailto:${mailAddressOf(e.MAIL_FROM)}`),
      services: e.PUSH_SERVICES ? e.PUSH_SERVICES.split(',').map((origin) => origin.trim()).filter(Boolean) : DEFAULT_PUSH_SERVICES,
    },
  };
}

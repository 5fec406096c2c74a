/**
 * Configuration comes from the environment only, and is checked once at start:
 * a mistake stops the server with a readable list instead of failing later.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from './lib/common-passwords.ts';
import { messageKindValues } from '../contract/messaging.ts';

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
    // WhatsApp Business Cloud API (README, "Phone messages"); chosen over the SMS gateway when both are set.
    WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(z.string().regex(/^[0-9]+$/, 'must be the number id Meta shows for the sending phone (digits)').optional()),
    WHATSAPP_TOKEN: optionalText,
    WHATSAPP_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://graph.facebook.com/v21.0')),
    WHATSAPP_TEMPLATES: optionalText.transform((value, ctx) => {
      const templates = parseWhatsAppTemplates(value);
      if (typeof templates === 'string') {
        ctx.addIssue({ code: 'custom', message: templates });
        return z.NEVER;
      }
      return templates;
    }),
    // A generic HTTP SMS gateway: any provider that takes one request per message.
    SMS_GATEWAY_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    SMS_GATEWAY_METHOD: optionalText.pipe(z.enum(['GET', 'POST', 'PUT'], { error: 'must be GET, POST or PUT' }).default('POST')),
    SMS_GATEWAY_AUTH_HEADER: optionalText.pipe(z.string().regex(/^[A-Za-z0-9-]+:\s*\S/, 'must be a header line such as "Authorization: Basic dXNlcjpwYXNz"').optional()),
    SMS_GATEWAY_CONTENT_TYPE: optionalText.pipe(
      z.enum(['application/json', 'application/x-www-form-urlencoded'], { error: 'must be application/json or application/x-www-form-urlencoded' }).default('application/json'),
    ),
    SMS_GATEWAY_BODY: optionalText,
    PHONE_PROVIDER_TIMEOUT_MS: wholeNumber(100, 60_000, 10_000),
  });

/** The template names of WhatsApp messages: one per kind of message, and one for the confirmation code. */
export const WHATSAPP_TEMPLATE_KEYS = [...messageKindValues, 'code'] as const;
export type WhatsAppTemplates = Record<(typeof WHATSAPP_TEMPLATE_KEYS)[number], string>;
const defaultWhatsAppTemplates = Object.fromEntries(WHATSAPP_TEMPLATE_KEYS.map((key) => [key, `umrah_${key}`])) as WhatsAppTemplates;

/**
 * WHATSAPP_TEMPLATES: a JSON object naming the approved template of some kinds, such as
 * {"reminder":"umrah_reminder_v2","code":"umrah_otp"}; the others keep their default umrah_<kind>.
 */
function parseWhatsAppTemplates(value: string | undefined): WhatsAppTemplates | string {
  if (value === undefined) return defaultWhatsAppTemplates;
  const form = `must be a JSON object of template names by kind (${WHATSAPP_TEMPLATE_KEYS.join(', ')}), such as {"reminder":"umrah_reminder"}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return form;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return form;
  const unknownKinds = Object.keys(parsed).filter((key) => !(WHATSAPP_TEMPLATE_KEYS as readonly string[]).includes(key));
  if (unknownKinds.length > 0) return `${form}; not a kind: ${unknownKinds.map((key) => `"${key}"`).join(', ')}`;
  const badNames = Object.entries(parsed).filter(([, name]) => typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name));
  if (badNames.length > 0) return `a template name is lowercase letters, digits and underscores (as Meta names them); not: ${badNames.map(([key]) => key).join(', ')}`;
  return { ...defaultWhatsAppTemplates, ...(parsed as Partial<WhatsAppTemplates>) };
}

/** The placeholders an SMS gateway's body or address carries: the number and the text. */
const SMS_PLACEHOLDERS = ['{to}', '{text}'];
const DEFAULT_SMS_BODY = { 'application/json': '{"to":"{to}","text":"{text}"}', 'application/x-www-form-urlencoded': 'to={to}&text={text}' };

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
  /** Where codes and messages to a phone go: WhatsApp, an SMS gateway, both or neither (messaging/phone-providers.ts). */
  phone: PhoneConfig;
};

export type WhatsAppConfig = { apiUrl: string; phoneNumberId: string; token: string; templates: WhatsAppTemplates };
export type SmsGatewayConfig = {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  /** A secret: sent, never logged. */
  authHeader?: { name: string; value: string };
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
  /** The body with {to} and {text}; none for GET. */
  body?: string;
};
export type PhoneConfig = { whatsapp?: WhatsAppConfig; sms?: SmsGatewayConfig; timeoutMs: number };

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
  if (isSet('WHATSAPP_PHONE_NUMBER_ID') !== isSet('WHATSAPP_TOKEN')) lines.push('  WHATSAPP_TOKEN: WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set together');
  const smsSettings = ['SMS_GATEWAY_AUTH_HEADER', 'SMS_GATEWAY_BODY'].filter(isSet);
  if (!isSet('SMS_GATEWAY_URL') && smsSettings.length > 0) lines.push(`  SMS_GATEWAY_URL: must be set when ${smsSettings.join(' and ')} ${smsSettings.length > 1 ? 'are' : 'is'}`);
  if (parsed.success && parsed.data.SMS_GATEWAY_URL) lines.push(...smsGatewayMistakes(parsed.data));
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
    phone: {
      whatsapp:
        e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_TOKEN
          ? { apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''), phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, token: e.WHATSAPP_TOKEN, templates: e.WHATSAPP_TEMPLATES }
          : undefined,
      sms: e.SMS_GATEWAY_URL
        ? {
            url: e.SMS_GATEWAY_URL,
            method: e.SMS_GATEWAY_METHOD,
            authHeader: e.SMS_GATEWAY_AUTH_HEADER ? headerLine(e.SMS_GATEWAY_AUTH_HEADER) : undefined,
            contentType: e.SMS_GATEWAY_CONTENT_TYPE,
            body: e.SMS_GATEWAY_METHOD === 'GET' ? undefined : (e.SMS_GATEWAY_BODY ?? DEFAULT_SMS_BODY[e.SMS_GATEWAY_CONTENT_TYPE]),
          }
        : undefined,
      timeoutMs: e.PHONE_PROVIDER_TIMEOUT_MS,
    },
  };
}

function headerLine(line: string): { name: string; value: string } {
  const colon = line.indexOf(':');
  return { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
}

/**
 * What would make every SMS fail, said at start: a body without the number or the text, or a JSON body
 * that is not JSON once they are in it. Never the values of the settings (the body may hold a key).
 */
function smsGatewayMistakes(e: { SMS_GATEWAY_URL?: string; SMS_GATEWAY_METHOD: string; SMS_GATEWAY_CONTENT_TYPE: keyof typeof DEFAULT_SMS_BODY; SMS_GATEWAY_BODY?: string }): string[] {
  if (e.SMS_GATEWAY_METHOD === 'GET') {
    if (e.SMS_GATEWAY_BODY) return ['  SMS_GATEWAY_BODY: a GET request has no body: put {to} and {text} in SMS_GATEWAY_URL'];
    const missing = SMS_PLACEHOLDERS.filter((placeholder) => !decodeURI(e.SMS_GATEWAY_URL!).includes(placeholder));
    return missing.length > 0 ? [`  SMS_GATEWAY_URL: with GET it must hold ${missing.join(' and ')}`] : [];
  }
  const body = e.SMS_GATEWAY_BODY ?? DEFAULT_SMS_BODY[e.SMS_GATEWAY_CONTENT_TYPE];
  const missing = SMS_PLACEHOLDERS.filter((placeholder) => !body.includes(placeholder) && !decodeURI(e.SMS_GATEWAY_URL!).includes(placeholder));
  if (missing.length > 0) return [`  SMS_GATEWAY_BODY: must hold ${missing.join(' and ')}`];
  if (e.SMS_GATEWAY_CONTENT_TYPE === 'application/json') {
    try {
      JSON.parse(body.replaceAll('{to}', '').replaceAll('{text}', ''));
    } catch {
      return ['  SMS_GATEWAY_BODY: must be JSON with "{to}" and "{text}" inside its strings, such as {"to":"{to}","message":"{text}"}'];
    }
  }
  return [];
}

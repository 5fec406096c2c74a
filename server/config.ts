/**
 * Configuration comes from the environment only, and is checked once at start:
 * a mistake stops the server with a readable list instead of failing later.
 */
import path from 'node:path';
import { z } from 'zod';
import { isCommonPassword } from './accounts/common-passwords.ts';

const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().optional());

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
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
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  admin?: { email: string; password: string };
  sessionDays: number;
  overdueGraceDay: number;
  logLevel: string;
  trustProxy: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  const isSet = (name: string) => !!env[name]?.trim();
  if (isSet('ADMIN_EMAIL') !== isSet('ADMIN_PASSWORD')) lines.push('  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    sessionDays: e.SESSION_DAYS,
    overdueGraceDay: e.OVERDUE_GRACE_DAY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

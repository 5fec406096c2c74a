/**
 * Account schemas shared by the server routes and the web forms.
 * Messages are the specification's texts (member document §5), verbatim:
 * the web shows them as they are, and the server answers with them as field errors.
 */
import { z } from 'zod';
import { answerCode, errorBody } from './answers.ts';
import { accountMessages, twoFactorMessages } from './account-messages.ts';
import { languageField, publicUser } from './public-user.ts';

// The person as the API shows them has a module of its own (public-user.ts), read before a signed-in first screen.
export { LANGUAGES, languageField, publicUser, roleSchema, type PublicUser, type Role } from './public-user.ts';

// The texts live apart from the schemas, so that a page can show them without loading zod.
export { accountMessages, authMessages, sessionMessages, stepUpMessages, twoFactorMessages } from './account-messages.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it is never a denial of service. */
export const PASSWORD_MAX_LENGTH = 1024;
export const CNIC_DIGITS = 13;

/** Email is trimmed and lowercased before anything else looks at it (RULES §3). */
export const emailField = z
  .string({ error: accountMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, accountMessages.emailRequired)
  .max(254, accountMessages.emailInvalid)
  .pipe(z.email({ error: accountMessages.emailInvalid }));

export const passwordField = z
  .string({ error: accountMessages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong);

/** Removes the spaces and dashes a person types; what is left must be 13 digits. */
export function normalizeCnic(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Formats digits as the 5-7-1 CNIC shape while the person types: 12345-1234567-1. */
export function formatCnicInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CNIC_DIGITS);
  if (digits.length <= 5) return digits;
  if (digits.length <= 12) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return `${digits.slice(0, 5)}-${digits.slice(5, 12)}-${digits.slice(12)}`;
}

/** Empty strings mean "not given": the specification omits empty optional fields. */
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const cnicField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform(normalizeCnic)
    .pipe(z.string().regex(/^\d{13}$/, accountMessages.cnicInvalid))
    .optional(),
);

export const phoneField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{7,20}$/, accountMessages.phoneInvalid)
    .optional(),
);

/**
 * What a name may not hold: it is shown to admins and written into emails, so nothing that breaks a
 * line or a layout, reorders or hides text, or reads as a link. Control characters (line breaks and
 * tabs too), bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), zero-width
 * characters (U+200B–U+200D, U+2060, U+FEFF), and `http://`, `https://`, `www.` or any `scheme://`.
 * Letters of every script (Urdu too), spaces, hyphens, apostrophes and dots pass.
 */
const NAME_REFUSED = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]|[a-z][a-z0-9+.-]*:\/\/|www\./iu;

export function isAcceptableName(value: string): boolean {
  return !NAME_REFUSED.test(value);
}

export const nameField = z
  .string({ error: accountMessages.nameRequired })
  .trim()
  .min(1, accountMessages.nameRequired)
  .max(100, accountMessages.nameTooLong)
  .refine(isAcceptableName, accountMessages.nameInvalid);

export const referralCodeField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .toUpperCase()
    .max(32, accountMessages.referralCodeInvalid)
    .optional(),
);

export type Language = z.infer<typeof languageField>;

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  cnic: cnicField,
  password: passwordField,
  referralCode: referralCodeField,
  /**
   * The language of the verification email and of everything after it. English when not given: the
   * server applies that default, so that forms built on this type need not send it.
   */
  language: z.optional(languageField),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** A code from an authenticator app: 6 digits. Apps show them as "123 456", so spaces are dropped. */
export const twoFactorCodeField = z
  .string({ error: twoFactorMessages.codeRequired })
  .max(32, twoFactorMessages.codeRequired)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeRequired));

/**
 * Recovery codes: 10 characters without 0/O, 1/I/L (read from paper, typed on phones), shown as
 * XXXXX-XXXXX. About 49 random bits each.
 */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;
const recoveryCodePattern = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** A recovery code as typed (any case, spaces and dashes) in its stored form: ABCDEFGHJK. */
export function normalizeRecoveryCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** ABCDEFGHJK → ABCDE-FGHJK, as the codes are shown. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const isRecoveryCode = (value: string) => recoveryCodePattern.test(value);

/**
 * The sign-in code: 6 digits from the authenticator app, or a recovery code (answered normalized:
 * ABCDEFGHJK). The error stays the authenticator's: that is what most people type.
 */
export const loginCodeField = z
  .string({ error: twoFactorMessages.codeRequired })
  .max(32, twoFactorMessages.codeRequired)
  .transform((value) => {
    const digits = value.replace(/\s/g, '');
    return /^\d{6}$/.test(digits) ? digits : normalizeRecoveryCode(value);
  })
  .pipe(z.string().refine((value) => /^\d{6}$/.test(value) || isRecoveryCode(value), twoFactorMessages.codeRequired));

export const loginBody = z.object({
  email: emailField,
  // Login never reveals the password rules: any non-empty text is checked against the hash.
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  /** Only asked for when the account has two-factor sign-in on; an empty code counts as none. A recovery code is taken too. */
  code: z.preprocess(emptyToUndefined, loginCodeField.optional()),
});
export type LoginBody = z.infer<typeof loginBody>;

export const emailOnlyBody = z.object({ email: emailField });
export type EmailOnlyBody = z.infer<typeof emailOnlyBody>;

export const resetPasswordBody = z
  .object({
    token: z.string({ error: accountMessages.resetTokenMissing }).min(1, accountMessages.resetTokenMissing).max(200),
    password: passwordField,
    confirmPassword: z.string({ error: accountMessages.passwordsDoNotMatch }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const verifyEmailQuery = z.object({
  token: z.string({ error: accountMessages.verificationTokenMissing }).min(1, accountMessages.verificationTokenMissing).max(200),
});


/** Two-factor sign-in (administrators only): status, set-up, turning on and off. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** A set-up was started and waits for its first code. */
  pending: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/**
 * Step-up (decision 047): the proof a change that could take the account over asks for besides the
 * session. The current password; and the current authenticator code when two-factor sign-in is on.
 * Optional here so that the server answers a missing one as it answers a wrong one: 400 with a field
 * error on it (stepUp.passwordRequired, twoFactor.codeRequired), from the rule that knows whether it is needed.
 */
export const stepUpPasswordField = z.string({ error: accountMessages.passwordRequired }).max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong).optional();
export const stepUpCodeField = z.preprocess(emptyToUndefined, twoFactorCodeField.optional());

/** POST /api/auth/two-factor/setup: the current password (two-factor is not on yet, so no code). */
export const twoFactorSetupBody = z.object({ currentPassword: stepUpPasswordField });
export type TwoFactorSetupBody = z.infer<typeof twoFactorSetupBody>;

/** POST /api/auth/two-factor/enable: the first code of the new secret, and the current password. */
export const twoFactorEnableBody = z.object({ code: twoFactorCodeField, currentPassword: stepUpPasswordField });
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBody>;

/** POST /api/auth/two-factor/recovery-codes: the current password and a current code (two-factor is on). */
export const recoveryCodesBody = z.object({ currentPassword: stepUpPasswordField, code: stepUpCodeField });
export type RecoveryCodesBody = z.infer<typeof recoveryCodesBody>;

export const twoFactorDisableBody = z.object({
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  code: twoFactorCodeField,
});
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;

/*
 * The answers of the account routes (member document §7 "Auth"; two-factor sign-in for administrators).
 * Times are ISO 8601 strings.
 */

/** GET /api/auth/me: the signed-in user. */
export const meAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string().optional(), user: publicUser, data: z.object({ user: publicUser }) });

/** POST /api/auth/login: the session's token (sent back as a Bearer token) and the user, at the top and again in data. */
export const loginAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  token: z.string(),
  user: publicUser,
  data: z.object({ token: z.string(), user: publicUser }),
});

/**
 * What a refused sign-in adds to the error body: twoFactorRequired comes only after a right password,
 * when a code is missing or wrong.
 *
 * A blocked or deactivated account's refusal (403, codes auth.blocked and auth.inactive) carries the
 * reason the administrator gave, when they gave one (decision 050).
 */
export const loginRefusal = z.object({ twoFactorRequired: z.literal(true).optional(), reason: z.string().optional() });
/** POST /api/auth/login's 401: the one error body with what a refused sign-in adds. */
export const loginRefusalBody = errorBody.extend(loginRefusal.shape);

/** GET /api/auth/two-factor, and POST …/enable and …/disable (with their message): the status now. */
export const twoFactorStatusAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string().optional(),
  twoFactor: twoFactorStatus,
  data: z.object({ twoFactor: twoFactorStatus }),
});

/** POST /api/auth/two-factor/enable: the status now, and the first set of recovery codes (shown once). */
export const twoFactorEnableAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string().optional(),
  twoFactor: twoFactorStatus,
  recoveryCodes: z.array(z.string()).optional(),
  data: z.object({ twoFactor: twoFactorStatus, recoveryCodes: z.array(z.string()).optional() }),
});

/** POST /api/auth/two-factor/recovery-codes: a new set of codes (XXXXX-XXXXX), answered this once and never again. */
export const recoveryCodesAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  recoveryCodes: z.array(z.string()),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

/**
 * One of the signed-in person's sessions (a device where they are signed in). Never its token.
 * browser and os are read from the user agent when it names them; userAgent is cut short.
 */
export const sessionInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The phone or tablet by its maker and model ("Samsung SM-S911B", "Apple iPhone"); null for a computer or when not named. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** GET /api/auth/sessions: the caller's own live sessions, the current one first, then newest first. */
export const sessionsAnswer = z.object({
  success: z.literal(true),
  sessions: z.array(sessionInfo),
  data: z.object({ sessions: z.array(sessionInfo) }),
});

/** DELETE /api/auth/sessions/others: how many other sessions ended. */
export const signOutOthersAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  count: z.number(),
  data: z.object({ count: z.number() }),
});

/** POST /api/auth/two-factor/setup: the new secret and its otpauth:// address, at the top and again in data. */
export const twoFactorSetupAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), secret: z.string(), otpauthUrl: z.string(), data: twoFactorSetup });

/**
 * The security changes of one's own account (decision 047), newest first, as the sessions card lists
 * them: what (the audit action), when, from which device and address. Read from the audit trail.
 */
export const SECURITY_CHANGE_ACTIONS = [
  'PASSWORD_CHANGE',
  'EMAIL_CHANGE_REQUEST',
  'EMAIL_CHANGE',
  'TWO_FACTOR_SETUP',
  'TWO_FACTOR_ENABLE',
  'TWO_FACTOR_DISABLE',
  'TWO_FACTOR_RECOVERY_CODES',
  'TWO_FACTOR_LOCKED',
  'USER_UPDATE',
  'USER_SET_PASSWORD',
] as const;
export const securityChange = z.object({
  id: z.string(),
  /** USER_UPDATE here is an administrator changing this person's role; USER_SET_PASSWORD an administrator setting their password. */
  action: z.enum(SECURITY_CHANGE_ACTIONS),
  createdAt: z.string(),
  /**
   * "Chrome on Windows"; null when the browser named nothing a person would recognise, and for an
   * administrator's change (their device and address are theirs, not shown to the member).
   */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  /** Made by someone else (an administrator), not by the person themselves. */
  byAdmin: z.boolean(),
});
export type SecurityChange = z.infer<typeof securityChange>;

/** GET /api/auth/security-changes: the caller's ten most recent security changes. */
export const securityChangesAnswer = z.object({
  success: z.literal(true),
  changes: z.array(securityChange),
  data: z.object({ changes: z.array(securityChange) }),
});

/** User administration and profiles (admin document §2 User Management and Profile; RULES §3). */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { accountMessages, cnicField, emailField, languageField, nameField, passwordField, phoneField, publicUser, roleSchema, stepUpCodeField, stepUpPasswordField } from './accounts.ts';
import { pagination } from './paging.ts';

export const userMessages = {
  notFound: 'User not found.',
  selfBlock: 'You cannot block your own account.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfDemote: 'You cannot remove your own administrator role.',
  lastAdmin: 'The last active administrator cannot be demoted.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChangeSent: 'We sent a link to your new email address. Your email changes once you open it.',
  profileUpdated: 'Your profile has been updated successfully.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  languageUpdated: 'Language updated.',
  /** An administrator set someone's password (their sessions end). */
  passwordSet: 'Password updated successfully',
  /** A CNIC held for review (a member asked for one another account had): given to them, or dismissed. */
  cnicClaimGranted: 'The CNIC has been given to this user.',
  cnicClaimDismissed: 'The CNIC request has been dismissed.',
  noCnicClaim: 'This user has no CNIC waiting for review.',
} as const;

export const adminUserUpdateBody = z.object({
  name: nameField,
  email: emailField,
  phone: z.preprocess((v) => (v === null ? '' : v), phoneField),
  role: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), roleSchema),
});

/**
 * Why an account is deactivated or blocked: optional here (the specification's calls send none), asked
 * for by the web's deactivate dialog. The member reads it when they try to sign in (decision 050).
 */
export const ACCOUNT_REASON_MAX_LENGTH = 500;
const accountReasonField = z.string({ error: 'reason must be text.' }).trim().max(ACCOUNT_REASON_MAX_LENGTH, `The reason can be at most ${ACCOUNT_REASON_MAX_LENGTH} characters.`).optional();
export const userStatusBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false.' }), reason: accountReasonField });
export const userBlockBody = z.object({ isBlocked: z.boolean({ error: 'isBlocked must be true or false.' }), reason: accountReasonField });
export const adminSetPasswordBody = z.object({ password: passwordField });

export const profileBody = z.object({
  name: nameField,
  email: emailField,
  phone: z.preprocess((v) => (v === null ? '' : v), phoneField),
  cnic: z.preprocess((v) => (v === null ? '' : v), cnicField),
  /** Reminder emails on or off (the in-app reminders stay); left as it is when not sent. */
  emailReminders: z.boolean({ error: 'Email reminders must be true or false.' }).optional(),
  /** Asked for only when the email changes (step-up, decision 047): the current password … */
  currentPassword: stepUpPasswordField,
  /** … and the current two-factor code when two-factor sign-in is on. */
  code: stepUpCodeField,
});

/** PUT /api/profile/language: the language one's emails and notifications are written in. */
export const languageBody = z.object({ language: languageField });
export type LanguageBody = z.infer<typeof languageBody>;

/**
 * One's own account, as the profile shows it: with the reminder emails choice, and whether its phone is
 * confirmed (contract/phone-confirmation.ts): false again whenever the phone changes.
 */
export const profileUser = z.object({ ...publicUser.shape, emailReminders: z.boolean(), phoneConfirmed: z.boolean() });

export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(1024),
    newPassword: passwordField,
    confirmPassword: z.string({ error: accountMessages.passwordsDoNotMatch }),
    /** The current two-factor code, when two-factor sign-in is on (step-up, decision 047). */
    code: stepUpCodeField,
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: accountMessages.passwordsDoNotMatch, path: ['confirmPassword'] });

/** CNIC_CLAIMS: the users whose profile asks for a CNIC another account has, waiting for an administrator. */
export const USER_FILTERS = ['ALL', 'ACTIVE', 'INACTIVE', 'BLOCKED', 'CNIC_CLAIMS'] as const;

/**
 * PUT /api/admin/users/{id}/cnic-claim: what an administrator decides about a held CNIC. GRANT gives it
 * to the user who asked (the account that had it loses it); DISMISS drops the request (they keep the CNIC
 * they had).
 */
export const CNIC_CLAIM_DECISIONS = ['GRANT', 'DISMISS'] as const;
export type CnicClaimDecision = (typeof CNIC_CLAIM_DECISIONS)[number];
export const cnicClaimDecisionBody = z.object({
  decision: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(CNIC_CLAIM_DECISIONS, { error: 'decision must be GRANT or DISMISS.' })),
});

/*
 * The answers of user administration (admin document §7 "Users list", "User status", "User block",
 * "User edit") and of the own profile. Times are ISO 8601 strings; amounts are rupees.
 */

/**
 * A user as an administrator sees them (admin document §3 "User (admin view)"): the public user, why
 * they were blocked, and their figures (groups joined, of them active; approved payments and their sum).
 */
export const adminUser = z.object({
  ...publicUser.shape,
  blockedReason: z.string().nullable(),
  /** Why an administrator deactivated the account (null when active or when none was given). */
  inactiveReason: z.string().nullable(),
  /**
   * A CNIC this user put on their profile while another account had it: held, not saved (`cnic` is the
   * stored one), until an administrator decides. `heldBy`: the account that has it now (null when none
   * does any more). Null when nothing waits.
   */
  cnicClaim: z
    .object({
      cnic: z.string(),
      claimedAt: z.string(),
      heldBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    })
    .nullable(),
  committeeStats: z.object({ totalCommittees: z.number(), activeCommittees: z.number() }),
  paymentStats: z.object({ totalAmount: z.number(), totalPayments: z.number() }),
}).meta({ id: 'AdminUser' });
export type AdminUser = z.output<typeof adminUser>;

/** How many users there are, and of them active, inactive and blocked (kept counters, not the page). */
export const userCounters = z.object({ total: z.number(), active: z.number(), inactive: z.number(), blocked: z.number() });

/** GET /api/admin/users (and /api/users): one page of users, with the counters and the paging. */
export const userListAnswer = z.object({
  success: z.literal(true),
  users: z.array(adminUser),
  data: z.object({ counters: userCounters, pagination }),
});

/** GET, PUT /api/admin/users/{id}, PUT …/status and …/block: the user as it is now, with what changed. */
export const adminUserAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string().optional(), user: adminUser, data: z.object({ user: adminUser }) });

/** GET /api/users/stats/overview */
export const userCountersAnswer = z.object({ success: z.literal(true), data: userCounters });

/** GET /api/profile: the signed-in user's own account. */
export const profileAnswer = z.object({ success: z.literal(true), user: profileUser, data: z.object({ user: profileUser }) });

/** PUT /api/profile: the account now; emailChangePending when a new email waits for its owner to open the link sent to it. */
export const profileUpdatedAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  user: profileUser,
  data: z.object({ user: profileUser, emailChangePending: z.boolean() }),
});

/** PUT /api/profile/language: the account now, with the language chosen. */
export const languageUpdatedAnswer = profileAnswer.extend({ code: answerCode, message: z.string() });

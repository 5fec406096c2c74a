/**
 * The signed-in person as the API shows them (GET /auth/me, login, profile), apart from the other
 * account schemas: the web app checks this answer before a signed-in person's first screen, and
 * building every account schema first cost a phone about 75 ms of its main thread (docs/performance-history.md).
 * Written with zod's small build (zod/mini), for the same reason: the full build's schema library is
 * not part of that first screen.
 */
import * as z from 'zod/mini';

/** The language a person reads the product in: their emails and in-app notifications are written in it. */
export const LANGUAGES = ['en', 'ur'] as const;
export const languageField = z.enum(LANGUAGES, { error: 'Please choose English (en) or Urdu (ur).' });

export const roleSchema = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

/** The user as the API shows it to its owner and to admins. Never carries a hash. */
export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  cnic: z.nullable(z.string()),
  role: roleSchema,
  referralCode: z.string(),
  isActive: z.boolean(),
  isBlocked: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
  language: languageField,
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * What the web reads of an answer that carries the signed-in person (GET /api/auth/me, POST
 * /api/auth/login): the user, at the top level, where the server always puts it (meAnswer, loginAnswer).
 */
export const signedInRead = z.object({ user: publicUser });

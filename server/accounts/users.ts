/** Queries on users, and the one mapping from a row to what the API shows. */
import type { Language, PublicUser, Role } from '../../contract/accounts.ts';
import type { Queryable } from '../db/database.ts';

export type UserRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  cnic: string | null;
  password_hash: string;
  role: Role;
  referral_code: string;
  is_active: boolean;
  is_blocked: boolean;
  /** Why an administrator blocked or deactivated the account, told at sign-in (decision 050). */
  blocked_reason: string | null;
  inactive_reason: string | null;
  email_verified_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  email_reminders: boolean;
  language: Language;
  /** A CNIC this user asked for that another account has, held for an administrator (migration 045). */
  cnic_claim: string | null;
  cnic_claimed_at: Date | null;
  /** When the owner typed back the code sent to this phone; null until then, and again once the phone changes (migration 057). */
  phone_confirmed_at: Date | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cnic: row.cnic,
    role: row.role,
    referralCode: row.referral_code,
    isActive: row.is_active,
    isBlocked: row.is_blocked,
    emailVerified: row.email_verified_at !== null,
    createdAt: iso(row.created_at)!,
    lastLoginAt: iso(row.last_login_at),
    language: row.language,
  };
}

/**
 * The signed-in user's own account (sign-in, /auth/me, the profile): as toPublicUser, but with the CNIC
 * they asked for while it is held for review (server/users/cnic-claims.ts). They typed it; showing it
 * back tells them nothing, whereas showing their old one would tell them another account has it.
 * Administrators see the stored CNIC and the held one apart (the admin user view).
 */
export function toOwnUser(row: UserRow): PublicUser {
  return { ...toPublicUser(row), cnic: row.cnic_claim ?? row.cnic };
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function findUserByReferralCode(q: Queryable, code: string): Promise<UserRow | undefined> {
  // Codes are stored uppercase and matched case-insensitively (RULES §3).
  const { rows } = await q.query<UserRow>('SELECT * FROM users WHERE referral_code = upper($1)', [code]);
  return rows[0];
}

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
  email_verified_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  email_reminders: boolean;
  language: Language;
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

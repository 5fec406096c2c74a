/**
 * Administrators manage users (admin document §2 User Management; RULES §3): search and filters in the
 * database, each user with figures computed in the same query; edits, activation and blocking, each
 * audited in its own transaction, and ending the user's sessions when they lose access.
 */
import { authMessages } from '../../contract/accounts.ts';
import { memberSearchSql, memberSearchTerms } from './member-search.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import { userMessages } from '../../contract/users.ts';
import { deleteUserSessions } from '../accounts/sessions.ts';
import { refuseCommonPassword } from '../lib/common-passwords.ts';
import { hashPassword } from '../accounts/secrets.ts';
import { findUserById, toPublicUser, type UserRow } from '../accounts/users.ts';
import { deviceOf, noticeAdmins, noticeOwner, securityChangeBy } from '../accounts/security-notices.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal } from '../db/paging.ts';
import { conflict, notFound } from '../http/errors.ts';

type AdminUserRow = UserRow & {
  blocked_reason: string | null; inactive_reason: string | null; total_committees: number; active_committees: number; total_payments: number; paid_amount: string;
  holder_id: string | null; holder_name: string | null; holder_email: string | null;
};

// Figures per user from per-user subqueries on indexed columns: joined only to the rows asked for (a page
// or one user), never grouped over the whole tables; no query per row.
export const userFiguresSql = (u: string) => `
  LEFT JOIN LATERAL (SELECT count(*) AS total, count(*) FILTER (WHERE status = 'ACTIVE') AS active FROM group_members WHERE user_id = ${u}.id) m ON true
  LEFT JOIN LATERAL (SELECT count(*) AS n, sum(amount) AS amount FROM payments WHERE user_id = ${u}.id AND status = 'PAID' AND settled_by_payment_id IS NULL) pay ON true`;
export const USER_FIGURE_COLUMNS = `coalesce(m.total, 0)::int AS total_committees, coalesce(m.active, 0)::int AS active_committees,
    coalesce(pay.n, 0)::int AS total_payments, coalesce(pay.amount, 0)::text AS paid_amount`;
/** Who has the CNIC a user's profile asks for, while it is held for review (users_cnic_key serves it). */
const cnicHolderSql = (u: string) => `
  LEFT JOIN LATERAL (SELECT h.id AS holder_id, h.name AS holder_name, h.email AS holder_email FROM users h WHERE h.cnic = ${u}.cnic_claim AND h.id <> ${u}.id) holder ON true`;
const ADMIN_USER_SELECT = `SELECT u.*, ${USER_FIGURE_COLUMNS}, holder.* FROM users u ${userFiguresSql('u')} ${cnicHolderSql('u')}`;

function toAdminUser(row: AdminUserRow) {
  return {
    ...toPublicUser(row),
    blockedReason: row.blocked_reason,
    inactiveReason: row.inactive_reason,
    cnicClaim:
      row.cnic_claim === null || row.cnic_claimed_at === null
        ? null
        : {
            cnic: row.cnic_claim,
            claimedAt: new Date(row.cnic_claimed_at).toISOString(),
            heldBy: row.holder_id === null ? null : { id: row.holder_id, name: row.holder_name ?? '', email: row.holder_email ?? '' },
          },
    committeeStats: { totalCommittees: row.total_committees, activeCommittees: row.active_committees },
    paymentStats: { totalAmount: rupeesFromDb(row.paid_amount), totalPayments: row.total_payments },
  };
}
export type AdminUser = ReturnType<typeof toAdminUser>;

export type UserFilter = { search?: string; filter?: 'ACTIVE' | 'INACTIVE' | 'BLOCKED' | 'CNIC_CLAIMS' };

/** The users list's WHERE clause (`WHERE …` or empty) and its parameters ($1 to $3 when searching), on `u`; the CSV export reads it too. */
export function usersWhere(f: UserFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.filter === 'BLOCKED') where.push('u.is_blocked');
  if (f.filter === 'ACTIVE') where.push('u.is_active AND NOT u.is_blocked');
  if (f.filter === 'INACTIVE') where.push('NOT u.is_active AND NOT u.is_blocked');
  // CNICs held for an administrator (users_cnic_claims_idx).
  if (f.filter === 'CNIC_CLAIMS') where.push('u.cnic_claim IS NOT NULL');
  if (f.search) {
    params.push(...memberSearchTerms(f.search));
    where.push(memberSearchSql('u', ['$1', '$2', '$3']));
  }
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

export async function listUsers(db: Queryable, f: UserFilter & { limit: number; offset: number }) {
  const { whereSql, params } = usersWhere(f);
  // The page first (users_created_at_idx serves its order), then each of its users' figures.
  const { rows } = await db.query<AdminUserRow>(
    `WITH listed AS (SELECT * FROM users u ${whereSql} ORDER BY u.created_at DESC, u.id LIMIT $${params.length + 1} OFFSET $${params.length + 2})
     SELECT u.*, ${USER_FIGURE_COLUMNS}, holder.* FROM listed u ${userFiguresSql('u')} ${cnicHolderSql('u')} ORDER BY u.created_at DESC, u.id`,
    [...params, f.limit, f.offset],
  );
  const counted = await listTotal(db, { rows: rows.length, limit: f.limit, offset: f.offset }, `FROM users u ${whereSql}`, params);
  return { users: rows.map(toAdminUser), ...counted, counters: await userCounters(db) };
}

/** How many users are active, inactive and blocked: kept in the same transaction as every change of a user (migration 013), so no count of the table. */
export async function userCounters(db: Queryable) {
  const { rows } = await db.query<{ total: number; active: number; inactive: number; blocked: number }>('SELECT total, active, inactive, blocked FROM user_counts');
  return rows[0];
}

export async function getAdminUser(db: Queryable, id: string): Promise<AdminUser> {
  if (!isUuid(id)) throw notFound(userMessages.notFound);
  const { rows } = await db.query<AdminUserRow>(`${ADMIN_USER_SELECT} WHERE u.id = $1`, [id]);
  if (!rows[0]) throw notFound(userMessages.notFound);
  return toAdminUser(rows[0]);
}

async function lockUser(tx: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound(userMessages.notFound);
  const { rows } = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw notFound(userMessages.notFound);
  return rows[0];
}

const snapshot = (u: UserRow) => ({ name: u.name, email: u.email, phone: u.phone, role: u.role, isActive: u.is_active, isBlocked: u.is_blocked });

export async function updateUserByAdmin(db: Database, admin: Actor, id: string, body: { name: string; email: string; phone?: string; role: 'USER' | 'ADMIN' }) {
  try {
    return await db.transaction(async (tx) => {
      if (!isUuid(id)) throw notFound(userMessages.notFound);
      // The target and every admin are locked in one statement, in id order: two admins demoting each
      // other at once queue here (no deadlock), and the second then sees who is still an admin.
      await tx.query(`SELECT id FROM users WHERE id = $1 OR role = 'ADMIN' ORDER BY id FOR UPDATE`, [id]);
      const before = await lockUser(tx, id);
      if (before.role === 'ADMIN' && body.role !== 'ADMIN') {
        if (id === admin.id) throw conflict(userMessages.selfDemote);
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'ADMIN' AND is_active AND NOT is_blocked AND id <> $1`, [id]);
        if (rows[0].n === 0) throw conflict(userMessages.lastAdmin);
      }
      await tx.query('UPDATE users SET name = $2, email = $3, phone = $4, role = $5, updated_at = now() WHERE id = $1', [id, body.name, body.email, body.phone ?? null, body.role]);
      const after = (await findUserById(tx, id))!;
      const roleChanged = before.role !== after.role;
      // A change of role is a security change (decision 047): marked in the trail, and every admin
      // (the new one included, the one demoted not) is told in this transaction.
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'USER_UPDATE',
        entityType: 'user',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
        ip: admin.ip,
        security: roleChanged,
        device: roleChanged ? deviceOf(admin.userAgent) : undefined,
      });
      if (roleChanged) await noticeAdmins(tx, { kind: 'roleChanged', member: after.name, email: after.email, from: before.role, to: after.role }, admin);
      return { user: await getAdminUser(tx, id), roleChanged };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
    throw error;
  }
}

/** The reason is optional here, as the specification's call sends none; the web dialog asks for one. */
export async function setUserActive(db: Database, admin: Actor, id: string, isActive: boolean, reason?: string) {
  return db.transaction(async (tx) => {
    if (id === admin.id && !isActive) throw conflict(userMessages.selfDeactivate);
    const before = await lockUser(tx, id);
    const inactiveReason = isActive ? null : reason || null;
    await tx.query('UPDATE users SET is_active = $2, inactive_reason = $3, updated_at = now() WHERE id = $1', [id, isActive, inactiveReason]);
    // A deactivated user's open sessions end at once: their next request gets 401 (RULES §3).
    if (!isActive) await deleteUserSessions(tx, id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: isActive ? 'USER_ACTIVATE' : 'USER_DEACTIVATE',
      entityType: 'user',
      entityId: id,
      before: { isActive: before.is_active },
      after: { isActive, reason: inactiveReason },
      ip: admin.ip,
    });
    return getAdminUser(tx, id);
  });
}

export async function setUserBlocked(db: Database, admin: Actor, id: string, isBlocked: boolean, reason: string | undefined) {
  return db.transaction(async (tx) => {
    if (id === admin.id && isBlocked) throw conflict(userMessages.selfBlock);
    const before = await lockUser(tx, id);
    await tx.query('UPDATE users SET is_blocked = $2, blocked_reason = $3, updated_at = now() WHERE id = $1', [id, isBlocked, isBlocked ? reason || null : null]);
    if (isBlocked) await deleteUserSessions(tx, id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: isBlocked ? 'USER_BLOCK' : 'USER_UNBLOCK',
      entityType: 'user',
      entityId: id,
      before: { isBlocked: before.is_blocked },
      after: { isBlocked, reason: reason ?? null },
      ip: admin.ip,
    });
    return getAdminUser(tx, id);
  });
}

/** An administrator sets a user's password (the user's sessions end). */
export async function setUserPassword(db: Database, admin: Actor, id: string, password: string) {
  refuseCommonPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const owner = await lockUser(tx, id);
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    await deleteUserSessions(tx, id);
    // Whoever holds an administrator's session could take any account this way: it is a security change
    // (decision 047), on the owner's list of them and told to the owner. The administrator's address and
    // device are theirs, not the owner's: the notice leaves them out.
    await recordAudit(tx, { action: 'USER_SET_PASSWORD', entityType: 'user', entityId: id, ...securityChangeBy(admin) });
    await noticeOwner(tx, owner, { kind: 'passwordSetByAdmin' }, {});
  });
}

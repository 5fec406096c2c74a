/**
 * Security notices (decision 047): each change that could hand an account to someone else is told to
 * its owner by email, and each admin-level change (a role, a bank account members pay into) to every
 * administrator, the one who made it included. Written to the outbox inside the change's own
 * transaction, so a notice exists exactly when its change does; the caller nudges the mail worker. The
 * same words go to the channels each one chose for security notices (push, WhatsApp, SMS: decision 056).
 */
import { SECURITY_CHANGE_ACTIONS, type SecurityChange } from '../../contract/accounts.ts';
import type { Actor } from '../audit/audit.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { queueChannelMessages } from '../messaging/message-outbox.ts';
import { adminSecurityNoticeEmail, adminSecurityNoticeText, ownSecurityNoticeEmail, ownSecurityNoticeText, type AdminSecurityChange, type OwnSecurityChange } from './security-texts.ts';
import { type Language } from '../mail/layout.ts';

export type { AdminSecurityChange, OwnSecurityChange };
import { describeUserAgent } from './sessions.ts';

/** "Chrome on Windows", "Firefox", "Android"; null when the User-Agent names nothing a person would recognise. */
export function deviceOf(userAgent: string | null | undefined): string | null {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}

/** Tells the owner (at `to`, their address unless given: an email change tells the old and the new one). */
export async function noticeOwner(
  q: Queryable,
  owner: { id: string; email: string; name: string; language: Language },
  change: OwnSecurityChange,
  from: Pick<Actor, 'ip' | 'userAgent'>,
  to = owner.email,
): Promise<void> {
  await enqueueEmail(q, ownSecurityNoticeEmail(to, owner.name, change, { at: new Date(), device: deviceOf(from.userAgent), ip: from.ip }, owner.language));
  // Once per change: an email change also writes to the new address, but the owner's devices hear it once.
  if (to === owner.email) await queueChannelMessages(q, { userIds: [owner.id] }, 'security', (language) => ownSecurityNoticeText(language, change), '/profile');
}

/** Tells every active administrator, the actor included, each in their own language. */
export async function noticeAdmins(q: Queryable, change: AdminSecurityChange, actor: Actor): Promise<void> {
  const { rows: actors } = await q.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [actor.id]);
  const { rows: admins } = await q.query<{ email: string; name: string; language: Language }>(
    `SELECT email, name, language FROM users WHERE role = 'ADMIN' AND is_active AND NOT is_blocked ORDER BY id`,
  );
  const context = { at: new Date(), device: deviceOf(actor.userAgent), ip: actor.ip };
  for (const admin of admins) {
    await enqueueEmail(q, adminSecurityNoticeEmail(admin.email, admin.name, change, actors[0]?.name ?? '', context, admin.language));
  }
  const url = change.kind === 'bankAccount' ? '/admin/bank-accounts' : '/admin/users';
  await queueChannelMessages(q, 'admins', 'security', (language) => adminSecurityNoticeText(language, change, actors[0]?.name ?? ''), url);
}

/** How many of one's security changes the sessions card lists. */
const RECENT_CHANGES = 10;

/**
 * One's own recent security changes, newest first (audit_log_security_idx serves it): those one made,
 * a lock after wrong codes, and an administrator's change of one's role. Never the audit's before and
 * after: an address asked for is not shown back.
 */
export async function listSecurityChanges(q: Queryable, userId: string): Promise<SecurityChange[]> {
  const { rows } = await q.query<{ id: string; action: SecurityChange['action']; created_at: Date | string; device: string | null; ip: string | null; actor_id: string | null }>(
    `SELECT id, action, created_at, device, ip, actor_id FROM audit_log
     WHERE entity_type = 'user' AND entity_id = $1 AND security AND action = ANY($2::text[])
     ORDER BY created_at DESC, id LIMIT $3`,
    [userId, [...SECURITY_CHANGE_ACTIONS], RECENT_CHANGES],
  );
  return rows.map((row) => {
    // An administrator's change: theirs are the device and address in the trail, which the member is not shown.
    const byAdmin = row.actor_id !== null && row.actor_id !== userId;
    return { id: row.id, action: row.action, createdAt: new Date(row.created_at).toISOString(), device: byAdmin ? null : row.device, ip: byAdmin ? null : row.ip, byAdmin };
  });
}

/** What every audit row of a security change carries (decision 047): who made it, from where, marked, with the device. */
export function securityChangeBy(actor: Pick<Actor, 'id' | 'ip' | 'userAgent'>) {
  return { actorId: actor.id, ip: actor.ip, security: true, device: deviceOf(actor.userAgent) };
}

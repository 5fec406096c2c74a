/**
 * CNICs held for review (migration 045). A member who puts on their profile a CNIC that another account
 * has gets the same answer as for a free one (server/profile/profile-service.ts), so the CNIC cannot be
 * used to find out who is registered. It is not saved as theirs: it is held on their row, the account
 * that has it is told (email and notification, nothing of the asker), the administrators are told and
 * see it in the user list (filter CNIC_CLAIMS, `cnicClaim` of the admin user view) and the audit trail
 * (CNIC_CLAIM), and one of them gives it to the asker or dismisses the request.
 */
import type { CnicClaimDecision } from '../../contract/users.ts';
import { userMessages } from '../../contract/users.ts';
import type { UserRow } from '../accounts/users.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { conflict, notFound } from '../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { cnicClaimDismissedNotice, cnicClaimedEmail, cnicClaimedNotice, cnicClaimPendingNotice, cnicRemovedNotice } from './cnic-claim-texts.ts';
import { noticeEmail } from '../mail/layout.ts';
import { notifyAdmins, notifyUser } from '../notifications/notify.ts';
import { getAdminUser } from './user-admin-service.ts';

/**
 * Inside the profile's transaction, which holds `cnic` on the asker's row: audits it as their own action,
 * and tells the account that has it and the administrators. Asking again for the CNIC already held tells
 * nobody again (the caller checks that).
 */
export async function announceCnicClaim(
  tx: Queryable,
  appUrl: string,
  asker: { id: string; name: string; cnic: string | null; ip?: string },
  cnic: string,
  holder: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>,
): Promise<void> {
  await recordAudit(tx, {
    actorId: asker.id,
    action: 'CNIC_CLAIM',
    entityType: 'user',
    entityId: asker.id,
    before: { cnic: asker.cnic },
    after: { cnicClaim: cnic, heldBy: holder.id },
    ip: asker.ip,
  });
  await notifyUser(tx, holder.id, { type: 'CNIC_CLAIMED', text: cnicClaimedNotice });
  await enqueueEmail(tx, cnicClaimedEmail(holder.email, holder.name, `${appUrl}/login`, holder.language));
  await notifyAdmins(tx, { type: 'CNIC_CLAIM_PENDING', text: (language) => cnicClaimPendingNotice(language, asker.name), data: { userId: asker.id } });
}

/**
 * An administrator's decision on a held CNIC. GRANT: the account that has it loses it (told in the app and
 * by email) and the asker gets it; DISMISS: the request goes, the asker keeps the CNIC they had and is
 * told in the app to contact support. Each is audited on every account it changes.
 */
export async function resolveCnicClaim(db: Database, admin: Actor, userId: string, decision: CnicClaimDecision, appUrl: string) {
  return db.transaction(async (tx) => {
    if (!isUuid(userId)) throw notFound(userMessages.notFound);
    // The asker and the account that has the CNIC, locked in id order (two decisions at once queue, never deadlock).
    const { rows } = await tx.query<UserRow>(
      `SELECT * FROM users WHERE id = $1 OR cnic = (SELECT cnic_claim FROM users WHERE id = $1) ORDER BY id FOR UPDATE`,
      [userId],
    );
    const asker = rows.find((r) => r.id === userId);
    if (!asker) throw notFound(userMessages.notFound);
    const claim = asker.cnic_claim;
    if (!claim) throw conflict(userMessages.noCnicClaim);
    const holder = rows.find((r) => r.id !== userId && r.cnic === claim);

    if (decision === 'DISMISS') {
      await tx.query('UPDATE users SET cnic_claim = NULL, cnic_claimed_at = NULL, updated_at = now() WHERE id = $1', [userId]);
      await recordAudit(tx, { actorId: admin.id, action: 'CNIC_CLAIM_DISMISS', entityType: 'user', entityId: userId, before: { cnic: asker.cnic, cnicClaim: claim }, after: { cnic: asker.cnic, cnicClaim: null }, ip: admin.ip });
      await notifyUser(tx, userId, { type: 'CNIC_CLAIM_DISMISSED', text: cnicClaimDismissedNotice });
    } else {
      if (holder) {
        await tx.query('UPDATE users SET cnic = NULL, updated_at = now() WHERE id = $1', [holder.id]);
        await recordAudit(tx, { actorId: admin.id, action: 'CNIC_REMOVE', entityType: 'user', entityId: holder.id, before: { cnic: claim }, after: { cnic: null, givenTo: userId }, ip: admin.ip });
        const notice = cnicRemovedNotice(holder.language);
        await notifyUser(tx, holder.id, { type: 'CNIC_REMOVED', text: cnicRemovedNotice });
        await enqueueEmail(tx, noticeEmail(holder.language, holder.email, holder.name, notice.title, notice.message, `${appUrl}/login`));
      }
      await tx.query('UPDATE users SET cnic = $2, cnic_claim = NULL, cnic_claimed_at = NULL, updated_at = now() WHERE id = $1', [userId, claim]);
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'CNIC_CLAIM_GRANT',
        entityType: 'user',
        entityId: userId,
        before: { cnic: asker.cnic, cnicClaim: claim },
        after: { cnic: claim, cnicClaim: null, removedFrom: holder?.id ?? null },
        ip: admin.ip,
      });
    }
    return getAdminUser(tx, userId);
  });
}

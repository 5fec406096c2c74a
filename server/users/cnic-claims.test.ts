/**
 * An administrator resolves a CNIC held for review (PUT /api/admin/users/{id}/cnic-claim): GRANT gives
 * it to the member who asked (the account that had it loses it and is told), DISMISS drops the request
 * (the member's own views show their earlier CNIC again, and they are told). Each is audited.
 */
import { describe, expect, it } from 'vitest';
import { userMessages } from '../../contract/users.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
const admin = await signInAdmin(ctx);

type Member = Awaited<ReturnType<typeof signUpMember>>;

/** A holder of `cnic`, and a member whose profile then asks for it (held). */
async function heldClaim(cnic: string, askerCnic?: string) {
  const holder = await signUpMember(ctx, { name: 'Holder Person', cnic });
  const asker = await signUpMember(ctx, { name: 'Asker Person', cnic: askerCnic });
  expect((await api.put('/api/profile', { name: 'Asker Person', email: asker.email, cnic }, asker.token)).status).toBe(200);
  return { holder, asker };
}

async function cnicsOf(...members: Member[]) {
  const { rows } = await ctx.db.query<{ id: string; cnic: string | null; cnic_claim: string | null }>('SELECT id, cnic, cnic_claim FROM users WHERE id = ANY($1)', [members.map((m) => m.user.id)]);
  return members.map((m) => {
    const row = rows.find((r) => r.id === m.user.id)!;
    return [row.cnic, row.cnic_claim];
  });
}

async function auditOf(action: string, entityId: string) {
  const { rows } = await ctx.db.query<{ actor_id: string; before_data: unknown; after_data: unknown }>('SELECT actor_id, before_data, after_data FROM audit_log WHERE action = $1 AND entity_id = $2', [action, entityId]);
  return rows.map((r) => ({ actorId: r.actor_id, before: r.before_data, after: r.after_data }));
}

describe('a held CNIC', () => {
  it('given: the member gets it, the account that had it loses it and is told in the app and by email', async () => {
    const { holder, asker } = await heldClaim('4130112345671');
    const res = await api.put(`/api/admin/users/${asker.user.id}/cnic-claim`, { decision: 'grant' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 'user.cnicClaimGranted', message: userMessages.cnicClaimGranted, user: { id: asker.user.id, cnic: '4130112345671', cnicClaim: null } });
    expect(await cnicsOf(asker, holder)).toEqual([
      ['4130112345671', null],
      [null, null],
    ]);
    expect((await api.get('/api/profile', holder.token)).body.user.cnic).toBeNull();
    expect((await api.get('/api/profile', asker.token)).body.user.cnic).toBe('4130112345671');

    const told = await ctx.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1 ORDER BY created_at', [holder.user.id]);
    expect(told.rows.map((r) => r.type)).toEqual(['CNIC_CLAIMED', 'CNIC_REMOVED']);
    expect((await lastEmailTo(ctx.db, holder.email))?.subject).toBe('CNIC removed from your account');

    expect(await auditOf('CNIC_CLAIM_GRANT', asker.user.id)).toEqual([
      { actorId: admin.user.id, before: { cnic: null, cnicClaim: '4130112345671' }, after: { cnic: '4130112345671', cnicClaim: null, removedFrom: holder.user.id } },
    ]);
    expect(await auditOf('CNIC_REMOVE', holder.user.id)).toEqual([{ actorId: admin.user.id, before: { cnic: '4130112345671' }, after: { cnic: null, givenTo: asker.user.id } }]);
  });

  it('dismissed: the member keeps the CNIC they had, sees it again, and is told to contact support', async () => {
    const { holder, asker } = await heldClaim('4140112345671', '4140100000001');
    expect((await api.get('/api/profile', asker.token)).body.user.cnic).toBe('4140112345671');
    const res = await api.put(`/api/admin/users/${asker.user.id}/cnic-claim`, { decision: 'DISMISS' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'user.cnicClaimDismissed', message: userMessages.cnicClaimDismissed, user: { cnic: '4140100000001', cnicClaim: null } });
    expect(await cnicsOf(asker, holder)).toEqual([
      ['4140100000001', null],
      ['4140112345671', null],
    ]);
    expect((await api.get('/api/profile', asker.token)).body.user.cnic).toBe('4140100000001');
    const told = await ctx.db.query<{ type: string; title: string }>('SELECT type, title FROM notifications WHERE user_id = $1', [asker.user.id]);
    expect(told.rows).toEqual([{ type: 'CNIC_CLAIM_DISMISSED', title: 'CNIC not saved' }]);
    expect(await auditOf('CNIC_CLAIM_DISMISS', asker.user.id)).toEqual([
      { actorId: admin.user.id, before: { cnic: '4140100000001', cnicClaim: '4140112345671' }, after: { cnic: '4140100000001', cnicClaim: null } },
    ]);
  });

  it('given when no account has it any more: nobody loses anything', async () => {
    const { holder, asker } = await heldClaim('4150112345671');
    expect((await api.put('/api/profile', { name: 'Holder Person', email: holder.email, cnic: '' }, holder.token)).status).toBe(200);
    expect((await api.get(`/api/admin/users/${asker.user.id}`, admin.token)).body.user.cnicClaim).toMatchObject({ cnic: '4150112345671', heldBy: null });
    const res = await api.put(`/api/admin/users/${asker.user.id}/cnic-claim`, { decision: 'GRANT' }, admin.token);
    expect(res.status).toBe(200);
    expect(await cnicsOf(asker, holder)).toEqual([
      ['4150112345671', null],
      [null, null],
    ]);
    expect(await auditOf('CNIC_REMOVE', holder.user.id)).toEqual([]);
  });

  it('nothing to decide: 409; an unknown user 404; a bad decision 400', async () => {
    const member = await signUpMember(ctx);
    const none = await api.put(`/api/admin/users/${member.user.id}/cnic-claim`, { decision: 'GRANT' }, admin.token);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'user.noCnicClaim', message: userMessages.noCnicClaim });
    expect((await api.put('/api/admin/users/00000000-0000-4000-8000-000000000000/cnic-claim', { decision: 'GRANT' }, admin.token)).status).toBe(404);
    expect((await api.put(`/api/admin/users/${member.user.id}/cnic-claim`, { decision: 'MAYBE' }, admin.token)).status).toBe(400);
  });
});

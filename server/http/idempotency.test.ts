/** The Idempotency-Key header: a retried money-changing request gets the first answer, never a second effect. */
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';
import { idempotencyMessages } from '../../contract/idempotency.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let planId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'A', accountNumber: '1', bankName: 'UBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  planId = (await api.post('/api/committee-plans', { name: 'Keyed', monthlyAmount: 1000, duration: 2, totalAmount: 2000, maxMembers: 10 }, admin.token)).body.plan.id;
});

/** A request with an Idempotency-Key; the answer's body parsed. */
async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, key: string | undefined, payload?: object) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (key !== undefined) headers['idempotency-key'] = key;
  const res = await ctx.app.inject({ method, url, payload, headers });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
}

async function pendingRequest() {
  const member = await signUpMember(ctx);
  const body = multipartBody({ planId, amount: '1000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
  expect(res.statusCode).toBe(201);
  return { member, paymentId: res.json().payment.id as string };
}

const count = async (sql: string, params: unknown[]) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0].n;

describe('Idempotency-Key', () => {
  it('replays the first answer of an approval; the effect happens once', async () => {
    const { member, paymentId } = await pendingRequest();
    const first = await send('PUT', `/api/plan-payments/${paymentId}/approve`, admin.token, 'approve-1', { groupNumber: '1' });
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    const retry = await send('PUT', `/api/plan-payments/${paymentId}/approve`, admin.token, 'approve-1', { groupNumber: '1' });
    expect(retry).toEqual({ ...first, replayed: true });
    // Without the key the state check still refuses a second approval.
    expect((await send('PUT', `/api/plan-payments/${paymentId}/approve`, admin.token, undefined, { groupNumber: '1' })).status).toBe(409);
    expect(await count('SELECT count(*)::int AS n FROM group_members WHERE user_id = $1', [member.user.id])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1`, [paymentId])).toBe(1);
  });

  it('replays a refusal too: the client sees the answer it missed', async () => {
    const member = await signUpMember(ctx);
    const first = await send('POST', '/api/plan-payments', member.token, 'open-1', { planId, amount: 1000 });
    expect(first.status).toBe(201);
    const second = await send('POST', '/api/plan-payments', member.token, 'open-2', { planId, amount: 1000 });
    expect(second.status).toBe(409);
    expect(await send('POST', '/api/plan-payments', member.token, 'open-2', { planId, amount: 1000 })).toEqual({ ...second, replayed: true });
    expect(await count("SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND type = 'SUBSCRIPTION'", [member.user.id])).toBe(1);
  });

  it('refuses the same key for a different request with 409', async () => {
    const member = await signUpMember(ctx);
    expect((await send('PUT', '/api/notifications/read-all', member.token, 'reused', {})).status).toBe(200);
    const other = await send('POST', '/api/plan-payments', member.token, 'reused', { planId, amount: 1000 });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ success: false, code: expect.any(String), message: idempotencyMessages.keyReused });
    expect(await count("SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND type = 'SUBSCRIPTION'", [member.user.id])).toBe(0);
  });

  it('keeps keys per user: another member with the same key acts for themself', async () => {
    const [a, b] = [await signUpMember(ctx), await signUpMember(ctx)];
    expect((await send('POST', '/api/plan-payments', a.token, 'same-key', { planId, amount: 1000 })).status).toBe(201);
    const forB = await send('POST', '/api/plan-payments', b.token, 'same-key', { planId, amount: 1000 });
    expect(forB.status).toBe(201);
    expect(forB.replayed).toBe(false);
    expect(await count("SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND type = 'SUBSCRIPTION'", [b.user.id])).toBe(1);
  });

  it('refuses a malformed key with 400 and a field error, and claims nothing', async () => {
    const member = await signUpMember(ctx);
    for (const key of ['', 'has space', 'x'.repeat(201), 'ключ']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/plan-payments',
        payload: { planId, amount: 1000 },
        headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': encodeURIComponent(key) === key ? key : Buffer.from(key).toString('latin1') },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: idempotencyMessages.invalidKey, errors: { 'idempotency-key': idempotencyMessages.invalidKey } });
    }
    expect(await count('SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1', [member.user.id])).toBe(0);
  });

  it('does not store answers to bad input, so a corrected retry with the same key runs', async () => {
    const member = await signUpMember(ctx);
    expect((await send('POST', '/api/plan-payments', member.token, 'fix-me', { planId, amount: 'lots' })).status).toBe(400);
    expect((await send('POST', '/api/plan-payments', member.token, 'fix-me', { planId, amount: 1000 })).status).toBe(201);
  });

  it('still asks for a session first (401) and never stores anything for visitors', async () => {
    const before = await count('SELECT count(*)::int AS n FROM idempotency_keys', []);
    expect((await send('POST', '/api/plan-payments', undefined, 'visitor', { planId, amount: 1000 })).status).toBe(401);
    expect(await count('SELECT count(*)::int AS n FROM idempotency_keys', [])).toBe(before);
  });

  it('takes over a claim left by a server that died, and forgets answers after a day', async () => {
    const member = await signUpMember(ctx);
    await ctx.db.query(`INSERT INTO idempotency_keys (user_id, key, request_fingerprint, created_at) VALUES ($1, 'dead', 'x', now() - interval '2 minutes')`, [
      member.user.id,
    ]);
    await ctx.db.query(`INSERT INTO idempotency_keys (user_id, key, request_fingerprint, created_at) VALUES ($1, 'live', 'x', now())`, [member.user.id]);
    expect((await send('POST', '/api/plan-payments', member.token, 'live', { planId, amount: 1000 })).body.message).toBe(idempotencyMessages.keyReused);
    expect((await send('POST', '/api/plan-payments', member.token, 'dead', { planId, amount: 1000 })).status).toBe(201);

    await ctx.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [member.user.id]);
    expect(await deleteExpiredIdempotencyKeys(ctx.db)).toBeGreaterThanOrEqual(2);
    expect(await count('SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1', [member.user.id])).toBe(0);
  });

  describe('on a receipt form', () => {
    const form = (fields: Record<string, string>, data: Buffer) => multipartBody(fields, { name: 'r.png', type: 'image/png', data });
    async function subscribe(token: string, key: string, fields: Record<string, string>, data: Buffer) {
      const body = form(fields, data);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, 'idempotency-key': key } });
      return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
    }
    const otherPng = sampleFiles.jpg;

    it('replays the first answer to the same fields and the same file; the request is made once', async () => {
      const member = await signUpMember(ctx);
      const fields = { planId, amount: '1000', bankAccountId };
      const first = await subscribe(member.token, 'form-1', fields, sampleFiles.png);
      expect(first.status).toBe(201);
      const again = await subscribe(member.token, 'form-1', fields, sampleFiles.png);
      expect(again).toEqual({ status: 201, body: first.body, replayed: true });
      expect(await count(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND type = 'SUBSCRIPTION'`, [member.user.id])).toBe(1);
    });

    it('refuses the same key with another file or other fields (409), and makes nothing', async () => {
      const member = await signUpMember(ctx);
      const fields = { planId, amount: '1000', bankAccountId };
      expect((await subscribe(member.token, 'form-2', fields, sampleFiles.png)).status).toBe(201);
      const otherFile = await subscribe(member.token, 'form-2', fields, otherPng);
      expect(otherFile.status).toBe(409);
      expect(otherFile.body.message).toBe(idempotencyMessages.keyReused);
      const otherFields = await subscribe(member.token, 'form-2', { ...fields, notes: 'second' }, sampleFiles.png);
      expect(otherFields.status).toBe(409);
      expect(await count(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND type = 'SUBSCRIPTION'`, [member.user.id])).toBe(1);
    });

    it('keeps nothing for a form refused as bad input, so a corrected retry with the same key runs', async () => {
      const member = await signUpMember(ctx);
      const bad = await subscribe(member.token, 'form-3', { planId, amount: '999', bankAccountId }, sampleFiles.png);
      expect(bad.status).toBe(400);
      const good = await subscribe(member.token, 'form-3', { planId, amount: '1000', bankAccountId }, sampleFiles.png);
      expect(good).toMatchObject({ status: 201, replayed: false });
    });
  });
});

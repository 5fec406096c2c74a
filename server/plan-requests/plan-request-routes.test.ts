import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupAnswer } from '../../contract/groups.ts';
import { testFactories } from '../test/factories.ts';
import { lastEmailTo, multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let make: ReturnType<typeof testFactories>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
  bankAccountId = await make.bankAccount();
});

const createPlan = (overrides: Record<string, unknown> = {}) => make.plan({ benefits: ['Visa', 'Hotel'], ...overrides });

function subscribe(token: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer } | null = { name: 'receipt.png', type: 'image/png', data: sampleFiles.png }) {
  const body = multipartBody(fields, file ?? undefined);
  return ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}

const receiptFiles = () => fs.readdirSync(path.join(ctx.config.dataDir, 'receipts'));

describe('POST /api/payments/subscribe', () => {
  it('opens a pending request with its receipt, tells the admins, and serves the receipt through a signed link', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const res = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId, description: `Subscription payment for ${plan.name}` });
    expect(res.statusCode).toBe(201);
    const payment = res.json().payment;
    expect(payment).toMatchObject({ status: 'PENDING', type: 'SUBSCRIPTION', amount: 5000, hasReceipt: true, planId: plan.id, plan: { name: plan.name }, committee: { name: plan.name } });
    expect(payment.bankAccount).toMatchObject({ bankName: 'HBL', accountNumber: '0123456789' });
    expect(payment.receiptImage).toMatch(/^\/api\/receipts\/[0-9a-f-]+\/file\?expires=\d+&signature=/);

    const file = await ctx.app.inject({ method: 'GET', url: payment.receiptImage });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="receipt-[0-9a-f]{8}\.png"$/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['cache-control']).toBe('private, no-store');
    // The picture as sent, drawn again without metadata (receipts/receipt-images.ts).
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const notes = await ctx.db.query<{ type: string }>(`SELECT type FROM notifications WHERE user_id = $1`, [admin.user.id]);
    expect(notes.rows.map((n) => n.type)).toContain('PLAN_REQUEST_NEW');
  });

  it('refuses a second open request for the same plan with 409', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    expect((await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId })).statusCode).toBe(201);
    const again = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already have a pending payment');
  });

  it('checks the form: receipt, bank account, amount, plan', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const noReceipt = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId }, null);
    expect(noReceipt.statusCode).toBe(400);
    expect(noReceipt.json().errors.receipt).toBe('Please upload your payment receipt');
    const noBank = await subscribe(member.token, { planId: plan.id, amount: '5000' });
    expect(noBank.json()).toMatchObject({ message: 'Please select a bank account for payment', errors: { bankAccountId: 'Please select a bank account for payment' } });
    const wrongAmount = await subscribe(member.token, { planId: plan.id, amount: '4999', bankAccountId });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().errors.amount).toContain('PKR 5,000');
    const notNumber = await subscribe(member.token, { planId: plan.id, amount: 'lots', bankAccountId });
    expect(notNumber.json().errors.amount).toBe('Plan amount is not valid');
    const unknownPlan = await subscribe(member.token, { planId: '00000000-0000-4000-8000-000000000000', amount: '5000', bankAccountId });
    expect(unknownPlan.statusCode).toBe(404);
    const unknownBank = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId: 'nope' });
    expect(unknownBank.statusCode).toBe(400);
    expect(receiptFiles().length).toBe(await countStoredReceipts());
  });

  it('refuses an inactive plan as not found', async () => {
    const plan = await createPlan({ isActive: false });
    const member = await signUpMember(ctx);
    expect((await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const body = multipartBody({ planId: 'x' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
  });
});

async function countStoredReceipts(): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM receipts WHERE storage_key IS NOT NULL');
  return rows[0].n;
}

describe('receipt files are checked by their bytes', () => {
  it.each([
    ['text renamed .jpg', { name: 'receipt.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a picture') }],
    ['an SVG', { name: 'receipt.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }],
    ['HTML named .png', { name: 'receipt.png', type: 'image/png', data: Buffer.from('<!doctype html><script>alert(1)</script>') }],
  ])('refuses %s with 415 and stores nothing', async (_, file) => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const before = receiptFiles().length;
    const res = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId }, file);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: 'Please upload a JPG, PNG, or PDF file' });
    expect(receiptFiles().length).toBe(before);
    const { rowCount } = await ctx.db.query('SELECT 1 FROM payments WHERE user_id = $1', [member.user.id]);
    expect(rowCount).toBe(0);
  });

  it('refuses a file of 5 MB + 1 byte with 413, and accepts exactly 5 MB', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const big = Buffer.concat([sampleFiles.pdf, Buffer.alloc(5 * 1024 * 1024 + 1 - sampleFiles.pdf.length, 0x20)]);
    const tooBig = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId }, { name: 'big.pdf', type: 'application/pdf', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Please upload a file smaller than 5MB');
    const exact = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId }, { name: 'ok.pdf', type: 'application/pdf', data: big.subarray(0, 5 * 1024 * 1024) });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().payment.receiptType).toBe('application/pdf');
  });

  it('keeps a path-traversal file name as harmless data and stores the file under a random name', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const res = await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId }, { name: '../../../etc/passwd.jpg', type: 'image/jpeg', data: sampleFiles.jpg });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment.receiptName).toBe('passwd.jpg');
    const { rows } = await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM receipts WHERE id = (SELECT receipt_id FROM payments WHERE id = $1)', [res.json().payment.id]);
    expect(rows[0].storage_key).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'receipts', rows[0].storage_key))).toBe(true);
  });

  it('refuses an altered or expired receipt link with 403', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const link: string = (await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId })).json().payment.receiptImage;
    const url = new URL(link, 'http://x');
    const receiptId = url.pathname.split('/')[3];

    const altered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${url.searchParams.get('signature')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await ctx.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
    const longer = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${url.searchParams.get('signature')}`;
    expect((await ctx.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);

    // A correctly signed link whose time has passed.
    const { rows } = await ctx.db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'receipt_links'`);
    const past = Math.floor(Date.now() / 1000) - 1;
    const signature = createHmac('sha256', Buffer.from(rows[0].value, 'base64')).update(`${receiptId}.${past}`).digest('base64url');
    const expired = await ctx.app.inject({ method: 'GET', url: `/api/receipts/${receiptId}/file?expires=${past}&signature=${signature}` });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This receipt link is invalid or has expired.');
  });
});

describe('the two-step request', () => {
  it('opens a request without a receipt, then takes a file', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const created = await api.post('/api/plan-payments', { planId: plan.id, amount: 5000, paymentMethod: 'bank_transfer', notes: 'first month' }, member.token);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Payment request created successfully. Please upload receipt.');
    expect(created.body.payment).toMatchObject({ hasReceipt: false, receiptImage: null, paymentMethod: 'BANK_TRANSFER' });

    const body = multipartBody({}, { name: 'r.pdf', type: 'application/pdf', data: sampleFiles.pdf });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/plan-payments/${created.body.payment.id}/upload-receipt`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${member.token}` },
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toMatchObject({ message: 'Receipt uploaded successfully. Admin will review your payment.', payment: { hasReceipt: true, receiptType: 'application/pdf' } });
  });

  it('takes a receipt as an http(s) URL and refuses other schemes', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const { body } = await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, member.token);
    const id = body.payment.id;
    for (const bad of ['javascript:alert(1)', 'ftp://files.example.com/r.png', 'not a url', '']) {
      const res = await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: bad }, member.token);
      expect(res.status).toBe(400);
      expect(res.body.errors.receiptImage).toBeDefined();
    }
    const ok = await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://images.example.com/receipt.png' }, member.token);
    expect(ok.status).toBe(200);
    expect(ok.body.payment.receiptImage).toBe('https://images.example.com/receipt.png');
  });

  it("hides another member's request: 404 for reading it or adding a receipt to it", async () => {
    const plan = await createPlan();
    const owner = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const { body } = await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, owner.token);
    const id = body.payment.id;
    expect((await api.get(`/api/plan-payments/${id}`, other.token)).status).toBe(404);
    expect((await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://x.example.com/r.png' }, other.token)).status).toBe(404);
    expect((await api.get(`/api/plan-payments/${id}`, owner.token)).status).toBe(200);
    expect((await api.get(`/api/plan-payments/${id}`, admin.token)).status).toBe(200);
    expect((await api.get('/api/plan-payments/not-a-uuid', owner.token)).status).toBe(404);
  });
});

describe('GET /api/plan-payments', () => {
  it("shows a member their own requests only, and an admin everyone's, with filters and counts", async () => {
    const plan = await createPlan();
    const a = await signUpMember(ctx);
    const b = await signUpMember(ctx);
    await subscribe(a.token, { planId: plan.id, amount: '5000', bankAccountId });
    await subscribe(b.token, { planId: plan.id, amount: '5000', bankAccountId });
    const mine = await api.get('/api/plan-payments', a.token);
    expect(mine.status).toBe(200);
    expect(mine.body.payments!.every((p) => p.userId === a.user.id)).toBe(true);
    expect(mine.body.data.counts.total).toBe(mine.body.payments!.length);

    const all = await api.get(`/api/plan-payments?planId=${plan.id}&status=pending`, admin.token);
    // An admin reads data.payments (admin document), a member payments (member document): one copy each.
    expect(all.body).not.toHaveProperty('payments');
    expect(mine.body.data.payments).toEqual(mine.body.payments);
    expect(all.body.data.payments.map((p) => p.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(all.body.data.pagination).toMatchObject({ page: 1, total: 2 });
    const paged = await api.get(`/api/plan-payments?planId=${plan.id}&limit=1&page=2`, admin.token);
    expect(paged.body.data.payments).toHaveLength(1);
    expect((await api.get('/api/plan-payments?status=weird', admin.token)).status).toBe(400);
    expect((await api.get('/api/plan-payments')).status).toBe(401);
  });
});

describe('the plan requests counters', () => {
  it('give the stat cards and the total of each status, equal to the requests counted one by one, as requests are approved and rejected', async () => {
    const plan = await createPlan({ maxMembers: 10 });
    const members = [await signUpMember(ctx), await signUpMember(ctx), await signUpMember(ctx), await signUpMember(ctx)];
    const ids: string[] = [];
    for (const member of members) ids.push((await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId })).json().payment.id);
    expect((await api.put(`/api/plan-payments/${ids[0]}/approve`, { planId: plan.id, groupNumber: 'C1' }, admin.token)).status).toBe(200);
    expect((await api.put(`/api/plan-payments/${ids[1]}/reject`, { rejectionReason: 'Unreadable' }, admin.token)).status).toBe(200);

    // The expected figures, counted here from the rows themselves.
    const { rows } = await ctx.db.query<{ status: string; n: number; amount: string }>(
      `SELECT status, count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM payments WHERE type = 'SUBSCRIPTION' GROUP BY status`,
    );
    const n = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    const all = await api.get('/api/plan-payments?limit=1', admin.token);
    expect(all.body.data.counts).toEqual({
      total: rows.reduce((sum, row) => sum + row.n, 0),
      pending: n('PENDING'),
      approved: n('PAID'),
      rejected: n('REJECTED') + n('OVERDUE'),
      revenue: Number(rows.find((row) => row.status === 'PAID')?.amount ?? 0),
    });
    expect(all.body.data.pagination).toMatchObject({ total: all.body.data.counts.total, exact: true });
    for (const status of ['PENDING', 'PAID', 'REJECTED', 'OVERDUE']) {
      // A page past the first (limit 1), so the total is not the rows of a last page.
      const filtered = await api.get(`/api/plan-payments?status=${status.toLowerCase()}&limit=1`, admin.token);
      expect(filtered.body.data.pagination.total, status).toBe(n(status));
    }
    // Filtered by plan (not kept): counted, and the same requests.
    const ofPlan = await api.get(`/api/plan-payments?planId=${plan.id}&limit=1&page=2`, admin.token);
    expect(ofPlan.body.data.pagination).toMatchObject({ total: 4, exact: true });
    expect(ofPlan.body.data.payments).toHaveLength(1);
  });
});

describe('review', () => {
  async function pendingRequest(plan?: { id: string }) {
    const p = plan ?? (await createPlan());
    const member = await signUpMember(ctx);
    const res = await subscribe(member.token, { planId: p.id, amount: '5000', bankAccountId });
    return { plan: p, member, paymentId: res.json().payment.id as string };
  }

  it('approves into a new group when the plan has none: membership, schedule, referral, notification, email, audit', async () => {
    const referrer = await signUpMember(ctx);
    const plan = await createPlan();
    const member = await signUpMember(ctx, { referralCode: referrer.user.referralCode });
    const paymentId = (await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId })).json().payment.id;

    const res = await api.put(`/api/plan-payments/${paymentId}/approve`, { planId: plan.id, groupNumber: 'A1', notes: 'welcome' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Payment approved and user assigned to committee group A1 successfully');
    expect(res.body.payment).toMatchObject({ status: 'PAID', group: { groupNumber: 'A1' } });
    expect(res.body.payment.approvedAt).not.toBeNull();

    const membership = await ctx.db.query<{ member_number: number; status: string }>(
      'SELECT m.member_number, m.status FROM group_members m JOIN committee_groups g ON g.id = m.group_id WHERE g.plan_id = $1 AND m.user_id = $2',
      [plan.id, member.user.id],
    );
    expect(membership.rows).toEqual([{ member_number: 1, status: 'ACTIVE' }]);
    const schedule = await ctx.db.query<{ status: string; amount: string; due: string; settled: string | null; receipt_id: string | null }>(
      `SELECT status, amount::text, due_date::text AS due, settled_by_payment_id AS settled, receipt_id FROM payments
       WHERE user_id = $1 AND type = 'INSTALMENT' ORDER BY due_date`,
      [member.user.id],
    );
    expect(schedule.rows.map((r) => r.status)).toEqual(['PAID', 'PENDING', 'PENDING']);
    expect(schedule.rows.every((r) => Number(r.amount) === 5000 && r.due.endsWith('-01'))).toBe(true);
    expect(schedule.rows[0].settled).toBe(paymentId);
    expect(schedule.rows[0].receipt_id).not.toBeNull();

    const referral = await ctx.db.query<{ status: string }>('SELECT status FROM referrals WHERE referred_user_id = $1', [member.user.id]);
    expect(referral.rows).toEqual([{ status: 'ACTIVE' }]);
    const note = await ctx.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1', [member.user.id]);
    expect(note.rows.map((n) => n.type)).toEqual(['PLAN_REQUEST_APPROVED']);
    expect((await lastEmailTo(ctx.db, member.email))?.subject).toBe('Your plan request was approved');
    const audit = await ctx.db.query<{ action: string; actor_id: string }>('SELECT action, actor_id FROM audit_log WHERE entity_id = $1', [paymentId]);
    expect(audit.rows).toEqual([{ action: 'PLAN_REQUEST_APPROVE', actor_id: admin.user.id }]);

    const again = await api.put(`/api/plan-payments/${paymentId}/approve`, { groupNumber: 'A1' }, admin.token);
    expect(again.status).toBe(409);
    expect((await api.put(`/api/plan-payments/${paymentId}/reject`, { rejectionReason: 'late' }, admin.token)).status).toBe(409);
  });

  it('needs a group id once the plan has groups, and then gives the next member number', async () => {
    const first = await pendingRequest();
    const approved = await api.put(`/api/plan-payments/${first.paymentId}/approve`, { groupNumber: '1' }, admin.token);
    const groupId = approved.body.payment.group!.id;
    const second = await pendingRequest(first.plan);
    const noGroup = await api.put(`/api/plan-payments/${second.paymentId}/approve`, { groupNumber: '2' }, admin.token);
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.errors.groupId).toBe('Please select a group for this member.');
    const otherPlan = await createPlan();
    const foreign = await api.post('/api/admin/groups/create', { planId: otherPlan.id, groupName: 'Foreign', maxMembers: 5, startDate: '2026-12-01' }, admin.token);
    expect((await api.put(`/api/plan-payments/${second.paymentId}/approve`, { groupId: foreign.body.group.id }, admin.token)).status).toBe(400);
    const ok = await api.put(`/api/plan-payments/${second.paymentId}/approve`, { groupId, groupNumber: '1' }, admin.token);
    expect(ok.status).toBe(200);
    const numbers = await ctx.db.query<{ member_number: number }>('SELECT member_number FROM group_members WHERE group_id = $1 ORDER BY member_number', [groupId]);
    expect(numbers.rows.map((r) => r.member_number)).toEqual([1, 2]);
  });

  it('refuses to approve without a receipt, and into a full group', async () => {
    const plan = await createPlan({ maxMembers: 1 });
    const member = await signUpMember(ctx);
    const { body } = await api.post('/api/plan-payments', { planId: plan.id, amount: 5000 }, member.token);
    const noReceipt = await api.put(`/api/plan-payments/${body.payment.id}/approve`, { groupNumber: '1' }, admin.token);
    expect(noReceipt.status).toBe(400);
    expect(noReceipt.body.message).toBe('User has not uploaded payment receipt. Cannot approve without receipt.');

    const first = await pendingRequest(plan);
    const groupId = (await api.put(`/api/plan-payments/${first.paymentId}/approve`, { groupNumber: '1' }, admin.token)).body.payment.group!.id;
    const second = await pendingRequest(plan);
    const full = await api.put(`/api/plan-payments/${second.paymentId}/approve`, { groupId }, admin.token);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Committee is full.');
    expect((await api.get(`/api/plan-payments/${second.paymentId}`, admin.token)).body.payment.status).toBe('PENDING');
  });

  it('rejects with a reason the member sees, after which the member may ask again', async () => {
    const { plan, member, paymentId } = await pendingRequest();
    const noReason = await api.put(`/api/plan-payments/${paymentId}/reject`, { rejectionReason: '  ' }, admin.token);
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.rejectionReason).toBe('Please provide a rejection reason');
    const res = await api.put(`/api/plan-payments/${paymentId}/reject`, { rejectionReason: 'The receipt is unreadable' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Payment rejected successfully');
    const seen = await api.get(`/api/plan-payments/${paymentId}`, member.token);
    expect(seen.body.payment).toMatchObject({ status: 'REJECTED', rejectionReason: 'The receipt is unreadable' });
    const audit = await ctx.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1', [paymentId]);
    expect(audit.rows).toEqual([{ action: 'PLAN_REQUEST_REJECT' }]);
    expect((await subscribe(member.token, { planId: plan.id, amount: '5000', bankAccountId })).statusCode).toBe(201);
  });

  it('is for admins only', async () => {
    const { member, paymentId } = await pendingRequest();
    expect((await api.put(`/api/plan-payments/${paymentId}/approve`, { groupNumber: '1' }, member.token)).status).toBe(403);
    expect((await api.put(`/api/plan-payments/${paymentId}/reject`, { rejectionReason: 'x' }, member.token)).status).toBe(403);
    expect((await api.put(`/api/plan-payments/${paymentId}/approve`, { groupNumber: '1' })).status).toBe(401);
    expect((await api.put('/api/plan-payments/00000000-0000-4000-8000-000000000000/approve', { groupNumber: '1' }, admin.token)).status).toBe(404);
    expect((await api.put(`/api/plan-payments/${paymentId}/approve`, { groupNumber: 'no spaces allowed' }, admin.token)).status).toBe(400);
  });
});

describe('POST /api/committee-plans/{id}/add-user', () => {
  it('puts a user into a group with an unpaid schedule, once', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const group = await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 5, startDate: '2026-12-01' }, admin.token);
    const groupId = group.body.group.id;
    const res = await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ groupId, memberNumber: 1 });
    const schedule = await ctx.db.query<{ status: string; due: string }>(`SELECT status, due_date::text AS due FROM payments WHERE user_id = $1 ORDER BY due_date`, [member.user.id]);
    expect(schedule.rows).toEqual([
      { status: 'PENDING', due: '2026-12-01' },
      { status: 'PENDING', due: '2027-01-01' },
      { status: 'PENDING', due: '2027-02-01' },
    ]);
    const again = await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId }, admin.token);
    expect(again.status).toBe(409);
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId }, member.token)).status).toBe(403);
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: 'nobody', groupId }, admin.token)).status).toBe(404);
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, {}, admin.token)).status).toBe(400);
  });

  it('with only a userId: the lowest-numbered group with a free seat, skipping full and inactive ones, then a new group when all are full', async () => {
    const plan = await createPlan();
    const createGroup = async (groupNumber: string, maxMembers: number, isActive = true) =>
      (await api.post('/api/admin/groups/create', { planId: plan.id, groupNumber, groupName: `G${groupNumber}`, maxMembers, startDate: '2026-12-01', isActive }, admin.token, { answer: groupAnswer })).body.group.id;
    const full = await createGroup('1', 1);
    await createGroup('2', 5, false);
    await createGroup('10', 2);
    await createGroup('3', 1);
    const filler = await signUpMember(ctx);
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: filler.user.id, groupId: full }, admin.token)).status).toBe(201);

    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const member = await signUpMember(ctx);
      const res = await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id }, admin.token);
      expect(res.status).toBe(201);
      placed.push(res.body.data.groupNumber);
    }
    // Group 3 (numbered before 10) first, then 10 twice; then every active group is full: a new one, 11.
    expect(placed).toEqual(['3', '10', '10', '11']);
    const groups = await ctx.db.query<{ group_number: string; current_members: number; max_members: number }>(
      'SELECT group_number, current_members, max_members FROM committee_groups WHERE plan_id = $1 ORDER BY created_at',
      [plan.id],
    );
    expect(groups.rows.map((g) => [g.group_number, g.current_members])).toEqual([['1', 1], ['2', 0], ['10', 2], ['3', 1], ['11', 1]]);
    expect(groups.rows.every((g) => g.current_members <= g.max_members)).toBe(true);
  });

  it('with only a userId on a plan without groups: group 1 is opened for the member', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const res = await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ groupNumber: '1', memberNumber: 1 });
  });
});

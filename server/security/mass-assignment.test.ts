/**
 * Mass assignment: a body that carries, next to its normal fields, the keys of columns the caller
 * must not set (role, blocked/active flags, verification, ownership, states, money flags, ids,
 * timestamps). Each route answers as it does for the normal body (the schemas drop unknown keys),
 * and the database shows that exactly the columns the route is meant to change have changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAnswer } from '../../contract/instalments.ts';
import { planGroupListAnswer } from '../../contract/groups.ts';
import { karachiToday } from '../business-time.ts';
import { testFactories } from '../test/factories.ts';
import { client, createTestContext, lastEmailTo, multipartBody, sampleFiles, signInAdmin, signUpMember, tokenFromEmail, uniqueEmail, type TestContext } from '../test/test-app.ts';

type Member = Awaited<ReturnType<typeof signUpMember>>;

let ctx: TestContext;
let api: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let make: ReturnType<typeof testFactories>;
const today = karachiToday();
const startedAt = Date.now();

/** An id no record has: a key that names it must not become a record's own id. */
const FOREIGN_ID = '00000000-0000-4000-8000-0000000000ff';
const LONG_AGO = '2000-01-01T00:00:00.000Z';

/** The keys a client could try to set, in the API's camelCase and in the database's snake_case. */
function privilegedKeys(other: { id: string }, status: string): Record<string, unknown> {
  return {
    id: FOREIGN_ID,
    userId: other.id,
    user_id: other.id,
    ownerId: other.id,
    referrerId: other.id,
    referredBy: other.id,
    createdBy: other.id,
    reviewedBy: other.id,
    selectedBy: other.id,
    role: 'ADMIN',
    isAdmin: true,
    isBlocked: true,
    is_blocked: true,
    blockedReason: 'set by the client',
    isActive: false,
    is_active: false,
    isVerified: true,
    emailVerified: true,
    emailVerifiedAt: LONG_AGO,
    email_verified_at: LONG_AGO,
    referral_code: 'STOLEN01',
    status,
    type: 'INSTALMENT',
    underReview: false,
    approvedAt: LONG_AGO,
    paidAt: LONG_AGO,
    commissionPaid: true,
    userConfirmed: true,
    currentMembers: 400,
    nextMemberNumber: 99,
    deletedAt: LONG_AGO,
    createdAt: LONG_AGO,
    created_at: LONG_AGO,
    updatedAt: LONG_AGO,
    lastLoginAt: LONG_AGO,
    passwordHash: 'not-a-hash',
    password_hash: 'not-a-hash',
    twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    twoFactorEnabled: true,
  };
}

/** A row as comparable JSON (dates as ISO text). */
async function rowOf(table: 'users' | 'payments' | 'notifications' | 'commissions' | 'committee_plans' | 'committee_groups' | 'bank_accounts' | 'winners', id: string) {
  const { rows } = await ctx.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
  if (!rows[0]) throw new Error(`no ${table} row ${id}`);
  return JSON.parse(JSON.stringify(rows[0])) as Record<string, unknown>;
}

function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();
}

/**
 * The privileged keys that fit in a receipt form next to its own fields: a form takes at most 20
 * fields (receipt-upload.ts), so the keys that matter most for a payment are sent.
 */
function privilegedFormKeys(other: { id: string }, status: string): Record<string, unknown> {
  const all = privilegedKeys(other, status);
  const chosen = ['id', 'userId', 'user_id', 'status', 'type', 'underReview', 'approvedAt', 'reviewedBy', 'role', 'createdAt', 'paidAt', 'isActive'];
  return Object.fromEntries(chosen.map((key) => [key, all[key]]));
}

const isRecent = (value: unknown) => new Date(String(value)).getTime() >= startedAt - 60_000;

const createPlan = () => make.plan({ maxMembers: 50 });

function postForm(url: string, token: string, fields: Record<string, unknown>) {
  const form = multipartBody(
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    { name: 'receipt.png', type: 'image/png', data: sampleFiles.png },
  );
  return ctx.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

/** The member buys the plan with a receipt and the admin approves it into the plan's group 1 (made on first approval). */
async function joinGroup(member: Member, plan: { id: string }) {
  const sub = await postForm('/api/payments/subscribe', member.token, { planId: plan.id, amount: 5000, bankAccountId });
  expect(sub.statusCode).toBe(201);
  const groups = (await api.get(`/api/admin/groups/plan/${plan.id}`, admin.token, { answer: planGroupListAnswer })).body.data.groups;
  const approved = await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, groups.length ? { groupId: groups[0].id } : { groupNumber: '1' }, admin.token, {
    answer: paymentAnswer,
  });
  expect(approved.status).toBe(200);
  const groupId = approved.body.payment.group?.id;
  if (!groupId) throw new Error('The approved request names no group.');
  return { paymentId: sub.json().payment.id as string, groupId };
}

async function paymentsOf(userId: string) {
  const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM payments WHERE user_id = $1 ORDER BY id', [userId]);
  return rows.map((r) => r.id);
}

/** What a new payment row must look like whatever the body said: the caller's, pending, unreviewed. */
function expectFreshPendingPayment(row: Record<string, unknown>, owner: Member, other: Member, plan: { id: string }) {
  expect(row.id).not.toBe(FOREIGN_ID);
  expect(row.user_id).toBe(owner.user.id);
  expect(row.user_id).not.toBe(other.user.id);
  expect(row).toMatchObject({ plan_id: plan.id, type: 'SUBSCRIPTION', status: 'PENDING', group_id: null, approved_at: null, payment_date: null, reviewed_by: null, reviewed_at: null });
  expect(Number(row.amount)).toBe(5000);
  expect(isRecent(row.created_at)).toBe(true);
}

beforeAll(async () => {
  ctx = await createTestContext();
  api = client(ctx);
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
  bankAccountId = await make.bankAccount();
});
afterAll(() => ctx.close());

describe('a member cannot set what is not theirs to set', () => {
  it('register: a new account is an unverified, active, unblocked USER with its own id, code and dates, referred only by the code given', async () => {
    const referrer = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const email = uniqueEmail('mass');
    const res = await api.post('/api/auth/register', {
      ...privilegedKeys(other.user, 'APPROVED'),
      name: 'Mass Assigner',
      email,
      password: 'secret-pass-1',
      referralCode: referrer.user.referralCode,
    });
    expect(res.status).toBe(201);

    const { rows } = await ctx.db.query<Record<string, unknown>>('SELECT * FROM users WHERE email = $1', [email]);
    const user = JSON.parse(JSON.stringify(rows[0]));
    expect(user).toMatchObject({ name: 'Mass Assigner', role: 'USER', is_active: true, is_blocked: false, blocked_reason: null, email_verified_at: null, last_login_at: null });
    expect(user.id).not.toBe(FOREIGN_ID);
    expect(user.referral_code).not.toBe('STOLEN01');
    expect(user.referral_code).not.toBe(referrer.user.referralCode);
    expect(user.password_hash).not.toBe('not-a-hash');
    expect(user.two_factor_secret ?? null).toBeNull();
    expect(isRecent(user.created_at)).toBe(true);
    const referrals = await ctx.db.query<{ referrer_id: string; level: number }>('SELECT referrer_id, level FROM referrals WHERE referred_user_id = $1', [user.id]);
    expect(referrals.rows).toEqual([{ referrer_id: referrer.user.id, level: 1 }]);

    // Still unverified: the password works only after the emailed link, and then as a USER.
    expect((await api.post('/api/auth/login', { email, password: 'secret-pass-1' })).status).toBe(403);
    const mail = await lastEmailTo(ctx.db, email);
    expect((await api.get(`/api/auth/verify-email?token=${tokenFromEmail(mail!.text_body, '/verify-email')}`)).status).toBe(200);
    const login = await api.post('/api/auth/login', { email, password: 'secret-pass-1' });
    expect(login.status).toBe(200);
    expect((await api.get('/api/auth/me', login.body.token)).body.user).toMatchObject({ role: 'USER', isBlocked: false, isActive: true });
    expect((await api.get('/api/admin/users', login.body.token)).status).toBe(403);
  });

  it('profile update: only name, phone and CNIC change', async () => {
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const before = await rowOf('users', member.user.id);
    const otherBefore = await rowOf('users', other.user.id);
    const res = await api.put(
      '/api/profile',
      { ...privilegedKeys(other.user, 'APPROVED'), referralCode: 'STOLEN01', name: 'Renamed Member', email: member.email, phone: '+92 300 7654321', cnic: '3520298765431' },
      member.token,
    );
    expect(res.status).toBe(200);
    const after = await rowOf('users', member.user.id);
    expect(changedColumns(before, after)).toEqual(['cnic', 'name', 'phone', 'updated_at']);
    expect(after).toMatchObject({ name: 'Renamed Member', role: 'USER', referral_code: member.user.referralCode });
    // The other member, whose id the body named, is untouched.
    expect(await rowOf('users', other.user.id)).toEqual(otherBefore);
  });

  it('plan request (JSON): opened for the caller, pending, for the plan amount, whatever userId and status say', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const res = await api.post('/api/plan-payments', { ...privilegedKeys(other.user, 'PAID'), planId: plan.id, amount: 5000, bankAccountId, groupId: FOREIGN_ID }, member.token);
    expect(res.status).toBe(201);
    expect(res.body.payment).toMatchObject({ status: 'PENDING', userId: member.user.id });
    expectFreshPendingPayment(await rowOf('payments', res.body.payment.id), member, other, plan);
    expect(await paymentsOf(other.user.id)).toEqual([]);
  });

  it('plan subscription (form): the same, for form fields', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    // Every privileged key at once is more fields than a form may carry: refused, and nothing is opened.
    const crowded = await postForm('/api/payments/subscribe', member.token, { ...privilegedKeys(other.user, 'PAID'), planId: plan.id, amount: 5000, bankAccountId });
    expect(crowded.statusCode).toBe(400);
    expect(await paymentsOf(member.user.id)).toEqual([]);

    const res = await postForm('/api/payments/subscribe', member.token, { ...privilegedFormKeys(other.user, 'PAID'), planId: plan.id, amount: 5000, bankAccountId });
    expect(res.statusCode).toBe(201);
    const row = await rowOf('payments', res.json().payment.id);
    expectFreshPendingPayment(row, member, other, plan);
    expect(row.receipt_id).not.toBeNull();
    expect(isRecent(row.submitted_at)).toBe(true);
    expect(await paymentsOf(other.user.id)).toEqual([]);
  });

  it("committee join: the request is the caller's, for the plan's monthly amount, pending", async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const res = await api.post(`/api/committees/${plan.id}/join`, { ...privilegedKeys(other.user, 'PAID'), amount: 1, planId: FOREIGN_ID }, member.token);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('PENDING');
    expectFreshPendingPayment(await rowOf('payments', res.body.data.paymentId), member, other, plan);
    expect(await paymentsOf(other.user.id)).toEqual([]);
  });

  it("instalment receipt (form): only the caller's month gets the receipt; it stays PENDING under review; the other member's month is untouched", async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const { groupId } = await joinGroup(member, plan);
    await joinGroup(other, plan);
    const dueOf = async (userId: string) =>
      (
        await ctx.db.query<{ id: string; month: number; year: number }>(
          `SELECT id, month, year FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' AND status = 'PENDING' AND NOT under_review ORDER BY year, month LIMIT 1`,
          [userId],
        )
      ).rows[0];
    const mine = await dueOf(member.user.id);
    const theirs = await dueOf(other.user.id);
    const mineBefore = await rowOf('payments', mine.id);
    const theirsBefore = await rowOf('payments', theirs.id);

    const res = await postForm('/api/payments', member.token, {
      ...privilegedFormKeys(other.user, 'PAID'),
      id: theirs.id,
      paymentId: theirs.id,
      groupId,
      amount: 5000,
      month: mine.month,
      year: mine.year,
      bankAccountId,
      notes: 'my instalment',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment.id).toBe(mine.id);

    const mineAfter = await rowOf('payments', mine.id);
    expect(changedColumns(mineBefore, mineAfter)).toEqual(['bank_account_id', 'bank_account_snapshot', 'notes', 'receipt_id', 'submitted_at', 'under_review', 'updated_at']);
    expect(mineAfter).toMatchObject({ user_id: member.user.id, status: 'PENDING', under_review: true, approved_at: null, reviewed_by: null });
    expect(await rowOf('payments', theirs.id)).toEqual(theirsBefore);
  });

  it('notifications: marking read touches only read_at of the caller’s own; the other member’s stay unread', async () => {
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const insert = async (userId: string) =>
      (await ctx.db.query<{ id: string }>(`INSERT INTO notifications (user_id, type, title, message) VALUES ($1, 'TEST', 'Hello', 'A message') RETURNING id`, [userId])).rows[0].id;
    const mine = await insert(member.user.id);
    const mineToo = await insert(member.user.id);
    const theirs = await insert(other.user.id);
    const before = await rowOf('notifications', mine);
    const theirsBefore = await rowOf('notifications', theirs);

    const one = await api.put(`/api/notifications/${mine}/read`, { ...privilegedKeys(other.user, 'READ'), readAt: LONG_AGO, title: 'Changed', message: 'Changed', data: { x: 1 } }, member.token);
    expect(one.status).toBe(200);
    const after = await rowOf('notifications', mine);
    expect(changedColumns(before, after)).toEqual(['read_at']);
    expect(isRecent(after.read_at)).toBe(true);

    const all = await api.put('/api/notifications/read-all', { ...privilegedKeys(other.user, 'READ'), ids: [theirs] }, member.token);
    expect(all.status).toBe(200);
    expect(all.body.data.count).toBe(1);
    expect((await rowOf('notifications', mineToo)).read_at).not.toBeNull();
    expect(await rowOf('notifications', theirs)).toEqual(theirsBefore);
    // Another member's notification, named by the path, is not found for this member.
    expect((await api.put(`/api/notifications/${theirs}/read`, { userId: member.user.id }, member.token)).status).toBe(404);
    expect(await rowOf('notifications', theirs)).toEqual(theirsBefore);
  });

  it('commission confirmation: only the confirmation and the note change; amount, status and owner stay', async () => {
    const referrer = await signUpMember(ctx);
    const referred = await signUpMember(ctx, { referralCode: referrer.user.referralCode });
    await joinGroup(referred, await createPlan());
    const paid = await api.post('/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER' }, admin.token);
    expect(paid.status).toBe(201);
    const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM commissions WHERE referrer_id = $1 AND status = 'PAID'`, [referrer.user.id]);
    expect(rows).toHaveLength(1);
    const before = await rowOf('commissions', rows[0].id);

    const res = await api.put(
      `/api/referrals/commission-payments/${rows[0].id}/confirm`,
      { ...privilegedKeys(referred.user, 'PENDING'), amount: 999_999, referrerId: referred.user.id, batchId: null, userNotes: 'Received, thank you' },
      referrer.token,
    );
    expect(res.status).toBe(200);
    const after = await rowOf('commissions', rows[0].id);
    expect(changedColumns(before, after)).toEqual(['confirmed_at', 'user_confirmed', 'user_notes']);
    expect(after).toMatchObject({ user_confirmed: true, user_notes: 'Received, thank you', status: 'PAID', referrer_id: referrer.user.id, amount: before.amount });
  });
});

describe('an admin body sets only what the form edits', () => {
  it('user edit: name, phone and role change; block, activity, verification, code, password and dates do not', async () => {
    const member = await signUpMember(ctx);
    const before = await rowOf('users', member.user.id);
    const res = await api.put(
      `/api/admin/users/${member.user.id}`,
      { ...privilegedKeys(admin.user, 'APPROVED'), referralCode: 'STOLEN01', name: 'Edited By Admin', email: member.email, phone: '+92 301 1111111', role: 'USER' },
      admin.token,
    );
    expect(res.status).toBe(200);
    const after = await rowOf('users', member.user.id);
    expect(changedColumns(before, after)).toEqual(['name', 'phone', 'updated_at']);
    expect(after).toMatchObject({ role: 'USER', is_blocked: false, is_active: true, referral_code: member.user.referralCode });
  });

  it('block: only the block flag and its reason change; the role stays USER', async () => {
    const member = await signUpMember(ctx);
    const before = await rowOf('users', member.user.id);
    const res = await api.put(`/api/admin/users/${member.user.id}/block`, { ...privilegedKeys(admin.user, 'APPROVED'), isBlocked: true, reason: 'Test block' }, admin.token);
    expect(res.status).toBe(200);
    const after = await rowOf('users', member.user.id);
    expect(changedColumns(before, after)).toEqual(['blocked_reason', 'is_blocked', 'updated_at']);
    expect(after).toMatchObject({ role: 'USER', is_active: true, is_blocked: true });
  });

  it('plan, group and bank account creation: ids, creators, counters, deletion marks and dates are the server’s', async () => {
    const other = await signUpMember(ctx);
    const keys = privilegedKeys(other.user, 'APPROVED');
    const plan = await api.post('/api/committee-plans', { ...keys, name: 'Mass Admin Plan', monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10, isActive: true }, admin.token);
    expect(plan.status).toBe(201);
    const planRow = await rowOf('committee_plans', plan.body.plan.id);
    expect(planRow.id).not.toBe(FOREIGN_ID);
    expect(planRow.created_by).toBe(admin.user.id);
    expect(isRecent(planRow.created_at)).toBe(true);

    const group = await api.post('/api/admin/groups/create', { ...keys, planId: plan.body.plan.id, groupName: 'Mass Group', groupNumber: 'M1', maxMembers: 10, startDate: '2030-01-01', isActive: true }, admin.token);
    expect(group.status).toBe(201);
    const groupRow = await rowOf('committee_groups', group.body.group.id);
    expect(groupRow).toMatchObject({ plan_id: plan.body.plan.id, current_members: 0, next_member_number: 1 });
    expect(groupRow.id).not.toBe(FOREIGN_ID);
    expect(isRecent(groupRow.created_at)).toBe(true);

    const bank = await api.post('/api/bank-accounts', { ...keys, accountName: 'Mass Account', accountNumber: '111', bankName: 'MCB', accountType: 'Savings', isActive: true }, admin.token);
    expect(bank.status).toBe(201);
    const bankRow = await rowOf('bank_accounts', bank.body.bankAccount.id);
    expect(bankRow).toMatchObject({ deleted_at: null, is_active: true });
    expect(bankRow.id).not.toBe(FOREIGN_ID);
    expect(isRecent(bankRow.created_at)).toBe(true);
  });

  it('approval: the request keeps its owner, amount and type; it becomes PAID whatever status the body names', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const sub = await postForm('/api/payments/subscribe', member.token, { planId: plan.id, amount: 5000, bankAccountId });
    const id = sub.json().payment.id as string;
    const res = await api.put(`/api/plan-payments/${id}/approve`, { ...privilegedKeys(other.user, 'REJECTED'), amount: 1, groupNumber: '1' }, admin.token);
    expect(res.status).toBe(200);
    const row = await rowOf('payments', id);
    expect(row).toMatchObject({ user_id: member.user.id, type: 'SUBSCRIPTION', status: 'PAID', reviewed_by: admin.user.id });
    expect(Number(row.amount)).toBe(5000);
    expect(await paymentsOf(other.user.id)).toEqual([]);
  });

  it('winner selection: the amount, state and selector are the server’s', async () => {
    const plan = await createPlan();
    const member = await signUpMember(ctx);
    const { groupId } = await joinGroup(member, plan);
    const res = await api.post(
      '/api/winners/select-specific',
      { ...privilegedKeys(admin.user, 'PAID'), amount: 1, planId: FOREIGN_ID, groupId: FOREIGN_ID, committeeId: plan.id, groupNumber: '1', month: today.month, year: today.year, userId: member.user.id },
      admin.token,
    );
    expect(res.status).toBe(201);
    const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM winners WHERE user_id = $1', [member.user.id]);
    const winner = await rowOf('winners', rows[0].id);
    expect(winner).toMatchObject({ plan_id: plan.id, group_id: groupId, status: 'SELECTED', selected_by: admin.user.id, paid_at: null });
    expect(Number(winner.amount)).toBe(15000);
    expect(winner.id).not.toBe(FOREIGN_ID);
  });
});

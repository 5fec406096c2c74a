/**
 * The people and records the authorization matrix calls the API about, all made through the API as
 * members and an administrator would make them. Only the first administrator comes from
 * signInAdmin (as RULES §3's ADMIN_EMAIL start-up does), because no route creates one.
 */
import { expect } from 'vitest';
import { karachiToday } from '../business-time.ts';
import { client, multipartBody, sampleFiles, signInAdmin, signUpMember, type ApiResponse, type BodyOf, type Method, type TestContext } from './test-app.ts';

/** Who calls: nobody, the record's owner, another member, a member blocked after signing in, an admin. */
export const CALLERS = ['visitor', 'owner', 'otherMember', 'blockedMember', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export type Person = { id: string; name: string; email: string; password: string; token: string };

export type Upload = { fields: Record<string, string>; file?: { field?: string; name: string; type: string; data: Buffer } };
export type Call<M extends Method = Method, U extends string = string> = { method: M; url: U; json?: unknown; form?: Upload };
/** An answer, its body typed by the contract's answers of the route it reached (test-app.ts). */
export type Answer<Body = unknown> = Pick<ApiResponse<Body>, 'status' | 'body'>;

/** One request with an optional Bearer token; multipart bodies are built fresh for every call. */
export async function send<M extends Method, U extends string>(ctx: TestContext, call: Call<M, U>, token: string | undefined): Promise<Answer<BodyOf<M, U>>> {
  const authorization = token ? { authorization: `Bearer ${token}` } : {};
  let response;
  if (call.form) {
    const body = multipartBody(call.form.fields, call.form.file);
    response = await ctx.app.inject({ method: call.method, url: call.url, payload: body.payload, headers: { ...body.headers, ...authorization } });
  } else {
    response = await ctx.app.inject({ method: call.method, url: call.url, payload: call.json as object | undefined, headers: authorization });
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  // The app checks each answer against its route's contract before sending it (checkResponses).
  return { status: response.statusCode, body: body as BodyOf<M, U> };
}

export const pngReceipt = { name: 'receipt.png', type: 'image/png', data: sampleFiles.png };

/** Fails the set-up at once, with the answer, when a step does not give the status it needs. */
async function expectStatus<Body>(answer: Promise<Answer<Body>>, status: number, step: string): Promise<Body> {
  const done = await answer;
  expect(done.status, `${step}: ${JSON.stringify(done.body)}`).toBe(status);
  return done.body;
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(ctx: TestContext) {
  const api = client(ctx);
  const call = <M extends Method, U extends string>(method: M, url: U, token: string, json?: unknown) => send(ctx, { method, url, json }, token);

  const signedInAdmin = await signInAdmin(ctx);
  const admin: Person = { id: signedInAdmin.user.id, name: 'Admin User', email: signedInAdmin.email, password: signedInAdmin.password, token: signedInAdmin.token };
  const adminCall = <M extends Method, U extends string>(method: M, url: U, json?: unknown) => call(method, url, admin.token, json);

  const member = async (name: string, referralCode?: string): Promise<Person> => {
    const signedUp = await signUpMember(ctx, { name, referralCode });
    return { id: signedUp.user.id, name, email: signedUp.email, password: signedUp.password, token: signedUp.token };
  };
  const owner = await member('Owner Member');
  const [otherMember, blockedMember, referee] = await Promise.all([
    member('Other Member'),
    member('Blocked Member'),
    // Referred by the owner, so that the owner earns a commission and is paid it.
    member('Referred Member', (await api.get('/api/auth/me', owner.token)).body.user.referralCode),
  ]);

  const newBankAccount = async (accountName: string) =>
    (await expectStatus(adminCall('POST', '/api/bank-accounts', { accountName, accountNumber: '0042', bankName: 'Meezan', accountType: 'Current' }), 201, 'bank account')).bankAccount.id as string;
  const bankAccountId = await newBankAccount('Committee Collections');

  let planCount = 0;
  /** A fresh active three-month plan of PKR 5,000 a month. */
  const newPlan = async () => {
    planCount++;
    const body = { name: `Matrix Plan ${planCount} ${Math.random().toString(36).slice(2, 6)}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 20 };
    return (await expectStatus(adminCall('POST', '/api/committee-plans', body), 201, 'plan')).plan as { id: string; name: string };
  };
  /** A group of the plan whose cycle is January to March 2026, so the months are fixed. */
  const newGroup = async (planId: string) =>
    (await expectStatus(adminCall('POST', '/api/admin/groups/create', { planId, groupName: 'Matrix group', maxMembers: 20, startDate: '2026-01-01' }), 201, 'group')).group as {
      id: string;
      groupNumber: string;
    };
  /** The member buys the plan with a receipt: an open plan request. */
  const subscribe = async (person: Person, planId: string) =>
    (await expectStatus(send(ctx, { method: 'POST', url: '/api/payments/subscribe', form: { fields: { planId, amount: '5000', bankAccountId }, file: pngReceipt } }, person.token), 201, 'subscribe'))
      .payment.id as string;

  // The owner's plan request, approved into the group: a seat, an instalment schedule, a receipt and notifications.
  const plan = await newPlan();
  const group = await newGroup(plan.id);
  const subscriptionId = await subscribe(owner, plan.id);
  await expectStatus(adminCall('PUT', `/api/plan-payments/${subscriptionId}/approve`, { groupId: group.id }), 200, 'approve the owner');

  // The referred member's approval accrues the owner's commission; paying the month gives the owner a commission payment.
  const refereeSubscription = await subscribe(referee, plan.id);
  await expectStatus(adminCall('PUT', `/api/plan-payments/${refereeSubscription}/approve`, { groupId: group.id }), 200, 'approve the referred member');
  const today = karachiToday();
  await expectStatus(adminCall('POST', '/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER' }), 201, 'pay commissions');
  const commissionPayments = (await expectStatus(call('GET', '/api/referrals/commission-payments', owner.token), 200, 'commission payments')).data.commissionPayments;
  expect(commissionPayments).toHaveLength(1);
  const commissionPaymentId = commissionPayments[0].id as string;

  // February's receipt, under review: the owner's instalment payment.
  const instalment = await expectStatus(
    send(ctx, { method: 'POST', url: '/api/payments', form: { fields: { groupId: group.id, amount: '5000', month: '2', year: '2026', bankAccountId }, file: pngReceipt } }, owner.token),
    201,
    'instalment receipt',
  );
  const instalmentId = instalment.payment.id as string;

  const notifications = (await expectStatus(call('GET', '/api/notifications', owner.token), 200, 'notifications')).notifications as { id: string }[];
  expect(notifications.length).toBeGreaterThan(0);
  const notificationId = notifications[0].id;

  const receiptUrl = (await expectStatus(call('GET', `/api/plan-payments/${subscriptionId}`, owner.token), 200, 'plan payment')).payment.receiptUrl as string;
  expect(receiptUrl).toMatch(/^\/api\/receipts\/[^/]+\/file\?expires=\d+&signature=/);

  const winnerId = (
    await expectStatus(
      adminCall('POST', '/api/winners/select-specific', { committeeId: plan.id, groupNumber: group.groupNumber, month: 1, year: 2026, userId: owner.id }),
      201,
      'winner',
    )
  ).winner.id as string;

  // A second seat of the owner, added by an admin: instalments nobody has paid yet.
  const secondPlan = await newPlan();
  const secondGroup = await newGroup(secondPlan.id);
  await expectStatus(adminCall('POST', `/api/committee-plans/${secondPlan.id}/add-user`, { userId: owner.id, groupId: secondGroup.id }), 201, 'add the owner');
  const ownerGroups = (await expectStatus(call('GET', '/api/committee-plans/user/groups', owner.token), 200, 'owner groups')).data.groups as {
    id: string;
    payments: { id: string; month: number; status: string }[];
  }[];
  const unpaidInstalmentId = ownerGroups.find((g) => g.id === secondGroup.id)!.payments.find((p) => p.month === 2)!.id;

  // Records that admin rows change (edit, activate, toggle), apart from the ones the members use.
  const sparePlan = await newPlan();
  const spareBankAccountId = await newBankAccount('Spare Account');

  // Blocked after signing in: the token they hold was valid and must now be refused everywhere.
  await expectStatus(adminCall('PUT', `/api/admin/users/${blockedMember.id}/block`, { isBlocked: true, reason: 'Matrix check' }), 200, 'block');

  /** A fresh session of the same person, for rows that end the session they use. */
  const freshToken = async (person: Person) => {
    const login = await expectStatus(send(ctx, { method: 'POST', url: '/api/auth/login', json: { email: person.email, password: person.password } }, undefined), 200, 'login');
    return login.token as string;
  };

  return {
    admin,
    owner,
    otherMember,
    blockedMember,
    referee,
    bankAccountId,
    spareBankAccountId,
    plan,
    group,
    sparePlan,
    secondPlan,
    secondGroup,
    subscriptionId,
    instalmentId,
    unpaidInstalmentId,
    notificationId,
    commissionPaymentId,
    receiptUrl,
    winnerId,
    newPlan,
    newGroup,
    newBankAccount,
    subscribe,
    freshToken,
    adminCall,
    /** The token each caller sends: none for a visitor, the dead one for the blocked member. */
    tokenOf: (caller: Caller): string | undefined =>
      caller === 'visitor' ? undefined : { owner, otherMember, blockedMember, admin }[caller].token,
    personOf: (caller: Exclude<Caller, 'visitor'>): Person => ({ owner, otherMember, blockedMember, admin })[caller],
  };
}

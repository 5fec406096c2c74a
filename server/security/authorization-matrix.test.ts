/**
 * Who may call what: one row per API route, one expected status per caller (RULES §3, §12). The
 * routes are read from the app itself (every route Fastify registers, checked against the OpenAPI
 * document), so a new route without a row fails here before it ships unguarded.
 *
 * Callers: a visitor (no token); the owner of the record the path names; another verified member;
 * a member whose token was taken before an admin blocked them; an admin. A member asking for
 * another member's record gets 404, never 403: the answer does not reveal that it exists.
 * A permitted caller's cell is a success, or an exact 400/409 that only a handler past the
 * authorization checks can give.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchCode } from '../accounts/two-factor.ts';
import { loadUnsubscribeKey, unsubscribeToken } from '../reminders/unsubscribe-links.ts';
import { createTestContext, signUpMember, uniqueEmail, type TestContext } from '../test/test-app.ts';
import { buildWorld, CALLERS, pngReceipt, send, type Call, type Caller, type Upload, type World } from '../test/authorization-fixtures.ts';

type Cells = Record<Caller, number>;
/** Ids a row makes for itself, so that its destructive call does not use up a shared record. */
type Prepared = Record<string, string>;
type Row = {
  method: Call['method'];
  /** As the OpenAPI document writes it. */
  path: string;
  cells: Cells;
  setup?: (w: World) => Promise<Prepared>;
  url?: (w: World, p: Prepared) => string;
  json?: (w: World, p: Prepared, caller: Caller) => unknown;
  form?: (w: World, p: Prepared) => Upload;
  /** The permitted callers call with a new session of their own: the call ends it. */
  freshSessions?: boolean;
  /** What of the owner's the route shows to anyone, by design (the labels of ownerSecrets). */
  published?: string[];
};

/** Admin-only routes: no session 401, a member 403, whatever the record. */
const adminOnly = (admin: number): Cells => ({ visitor: 401, owner: 403, otherMember: 403, blockedMember: 401, admin });
/** Any signed-in user, each about themselves. */
const signedIn = (status: number): Cells => ({ visitor: 401, owner: status, otherMember: status, blockedMember: 401, admin: status });
/** A member's own record, which admins may also read or act on. */
const ownerOrAdmin = (status: number): Cells => ({ visitor: 401, owner: status, otherMember: 404, blockedMember: 401, admin: status });
/** A member's own record that only they act on: for anyone else, admins included, it does not exist. */
const ownerOnly = (status: number): Cells => ({ visitor: 401, owner: status, otherMember: 404, blockedMember: 401, admin: 404 });
/** No session needed; a token is not even read, so a dead one changes nothing. */
const everyone = (status: number): Cells => ({ visitor: status, owner: status, otherMember: status, blockedMember: status, admin: status });
/**
 * No session needed, but a token is read when sent (admins see more): a dead token is answered 401
 * so that the client learns its session is over, as /api/auth/me tells it.
 */
const publicReadingSession = (status: number): Cells => ({ visitor: status, owner: status, otherMember: status, blockedMember: 401, admin: status });

const validPlan = (name: string) => ({ name, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 20 });
/** A bank statement of one credit line, and the layout it is read by. */
const matrixStatement = { field: 'statement', name: 'statement.csv', type: 'text/csv', data: Buffer.from('Date,Description,Credit\n2026-02-03,IBFT Matrix,5000\n') };
const matrixLayout = { date: 0, description: 1, credit: 2, dateOrder: 'YMD', decimalSeparator: '.', thousandsSeparator: ',' };
const validBankAccount = { accountName: 'Matrix Account', accountNumber: '0099', bankName: 'HBL', accountType: 'Current' };
const adminUserEdit = (w: World) => ({ name: 'Owner Member', email: w.owner.email, phone: '', role: 'USER' });
const registerEmail = uniqueEmail('matrix.register');
const allPushChoices = Object.fromEntries(['reminder', 'receipt', 'winner', 'draw', 'security'].map((kind) => [kind, { push: true, whatsapp: false, sms: false }]));
/** A browser's subscription at a real push service's address (never sent to here), with keys of the right lengths. */
const pushSubscription = (id: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } });
/** The caller's own current password, the proof a step-up asks for (decision 047); a visitor has none. */
const passwordOf = (w: World, caller: Caller) =>
  caller === 'admin' ? w.admin.password : caller === 'owner' ? w.owner.password : caller === 'otherMember' ? w.otherMember.password : 'no-password-1';

/** A plan and group of their own with the owner in it, for a draw row (its month is then taken). */
async function drawGroup(w: World): Promise<Prepared> {
  const plan = await w.adminCall('POST', '/api/committee-plans', validPlan(`Draw plan ${Math.random().toString(36).slice(2, 8)}`));
  expect(plan.status).toBe(201);
  const group = await w.adminCall('POST', '/api/admin/groups/create', { planId: plan.body.plan.id, groupName: 'Draw group', maxMembers: 20, startDate: '2026-01-01' });
  expect(group.status).toBe(201);
  expect((await w.adminCall('POST', `/api/committee-plans/${plan.body.plan.id}/add-user`, { userId: w.owner.id, groupId: group.body.group.id })).status).toBe(201);
  return { planId: plan.body.plan.id, groupNumber: group.body.group.groupNumber };
}

/** The unsubscribe link of a new member's reminder emails. */
async function unsubscribeLink(): Promise<Prepared> {
  const member = await signUpMember(ctx);
  return { token: unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', member.user.id) };
}

const rows: Row[] = [
  // Health answers load balancers, with or without a token.
  { method: 'GET', path: '/api/health', cells: everyone(200) },
  { method: 'GET', path: '/api/health/live', cells: everyone(200) },
  { method: 'GET', path: '/api/health/ready', cells: everyone(200) },

  // Account routes never read the Authorization header: each answer is the one for the fixed body.
  // Registration answers 201 whether or not the email is already taken (no account enumeration).
  { method: 'POST', path: '/api/auth/register', cells: everyone(201), json: () => ({ name: 'Matrix Visitor', email: registerEmail, password: 'secret-pass-1' }) },
  { method: 'GET', path: '/api/auth/verify-email', cells: everyone(400), url: () => '/api/auth/verify-email?token=not-a-real-token' },
  { method: 'POST', path: '/api/auth/resend-verification', cells: everyone(200), json: () => ({ email: registerEmail }) },
  { method: 'POST', path: '/api/auth/login', cells: everyone(200), json: (w) => ({ email: w.otherMember.email, password: w.otherMember.password }) },
  { method: 'GET', path: '/api/auth/me', cells: signedIn(200) },
  { method: 'POST', path: '/api/auth/logout', cells: signedIn(200), freshSessions: true },
  { method: 'POST', path: '/api/auth/forgot-password', cells: everyone(200), json: (w) => ({ email: w.owner.email }) },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    cells: everyone(400),
    json: () => ({ token: 'not-a-real-token', password: 'new-secret-1', confirmPassword: 'new-secret-1' }),
  },

  // Two-factor sign-in is offered to administrators only, for their own account; each change carries
  // the caller's own password (step-up). The admin cells stop short of turning it on (that would end
  // the other sessions the rows use): a wrong first code is refused, and turning off what is not on is a conflict.
  { method: 'GET', path: '/api/auth/two-factor', cells: adminOnly(200) },
  { method: 'POST', path: '/api/auth/two-factor/setup', cells: adminOnly(200), json: (w, _p, caller) => ({ currentPassword: passwordOf(w, caller) }) },
  {
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    cells: adminOnly(400),
    setup: async (w) => {
      const started = await w.adminCall('POST', '/api/auth/two-factor/setup', { currentPassword: w.admin.password });
      expect(started.status).toBe(200);
      return { wrongCode: await codeNotMatching(started.body.secret) };
    },
    json: (w, p, caller) => ({ code: p.wrongCode, currentPassword: passwordOf(w, caller) }),
  },
  { method: 'POST', path: '/api/auth/two-factor/disable', cells: adminOnly(409), json: (w) => ({ password: w.admin.password, code: '123456' }) },
  // Recovery codes need two-factor on, which no caller here has: a conflict for everyone signed in.
  { method: 'POST', path: '/api/auth/two-factor/recovery-codes', cells: signedIn(409), json: (w, _p, caller) => ({ currentPassword: passwordOf(w, caller), code: '123456' }) },
  // Each caller's own sessions and security changes; signing out the others leaves the one each caller here holds.
  { method: 'GET', path: '/api/auth/sessions', cells: signedIn(200) },
  { method: 'GET', path: '/api/auth/security-changes', cells: signedIn(200) },
  { method: 'DELETE', path: '/api/auth/sessions/others', cells: signedIn(200) },

  // Plans: active ones are public; admins manage them.
  { method: 'GET', path: '/api/committee-plans', cells: publicReadingSession(200) },
  { method: 'POST', path: '/api/committee-plans', cells: adminOnly(201), json: () => validPlan('Matrix New Plan') },
  { method: 'GET', path: '/api/committee-plans/{id}', cells: publicReadingSession(200), url: (w) => `/api/committee-plans/${w.plan.id}` },
  { method: 'PUT', path: '/api/committee-plans/{id}', cells: adminOnly(200), url: (w) => `/api/committee-plans/${w.sparePlan.id}`, json: () => validPlan('Matrix Spare Plan') },
  {
    method: 'DELETE',
    path: '/api/committee-plans/{id}',
    cells: adminOnly(200),
    setup: async (w) => ({ planId: (await w.newPlan()).id }),
    url: (_w, p) => `/api/committee-plans/${p.planId}`,
  },
  { method: 'PUT', path: '/api/committee-plans/{id}/activate', cells: adminOnly(200), url: (w) => `/api/committee-plans/${w.sparePlan.id}/activate` },
  {
    method: 'PUT',
    path: '/api/committee-plans/{id}/deactivate',
    cells: adminOnly(200),
    setup: async (w) => ({ planId: (await w.newPlan()).id }),
    url: (_w, p) => `/api/committee-plans/${p.planId}/deactivate`,
  },

  // Groups: admin only, even for a member of the group named.
  { method: 'GET', path: '/api/admin/groups/all', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/groups/plan/{id}', cells: adminOnly(200), url: (w) => `/api/admin/groups/plan/${w.plan.id}` },
  {
    method: 'POST',
    path: '/api/admin/groups/create',
    cells: adminOnly(201),
    json: (w) => ({ planId: w.sparePlan.id, groupName: 'Matrix created group', maxMembers: 10, startDate: '2026-01-01' }),
  },
  { method: 'PUT', path: '/api/admin/groups/{id}', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}`, json: () => ({ groupName: 'Matrix group renamed' }) },
  {
    method: 'DELETE',
    path: '/api/admin/groups/{id}',
    cells: adminOnly(200),
    setup: async (w) => ({ groupId: (await w.newGroup(w.sparePlan.id)).id }),
    url: (_w, p) => `/api/admin/groups/${p.groupId}`,
  },
  { method: 'GET', path: '/api/admin/groups/{id}/details', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/details` },
  { method: 'GET', path: '/api/admin/groups/{id}/arrears', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/arrears` },
  { method: 'GET', path: '/api/admin/groups/{id}/ledger', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/ledger` },
  { method: 'GET', path: '/api/admin/dashboard/series', cells: adminOnly(200) },
  { method: 'DELETE', path: '/api/admin/groups/{id}/members/{userId}', cells: adminOnly(400), url: (w) => `/api/admin/groups/${w.group.id}/members/${w.owner.id}`, json: () => ({ reason: '' }) },
  {
    method: 'POST',
    path: '/api/admin/groups/{id}/members/{userId}/move',
    cells: adminOnly(400),
    url: (w) => `/api/admin/groups/${w.group.id}/members/${w.owner.id}/move`,
    json: (w) => ({ toGroupId: w.group.id, reason: 'Matrix' }),
  },
  // Reminders: a group's "send now" (the preview changes nothing), and their settings.
  { method: 'POST', path: '/api/admin/groups/{id}/reminders', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/reminders?dryRun=true` },
  { method: 'GET', path: '/api/admin/settings/reminders', cells: adminOnly(200) },
  { method: 'PUT', path: '/api/admin/settings/reminders', cells: adminOnly(200), json: () => ({ daysBefore: 3 }) },
  // Statements (PDF): the owner's own; any member's for an admin.
  { method: 'GET', path: '/api/committee-plans/user/groups/{groupId}/statement.pdf', cells: ownerOnly(200), url: (w) => `/api/committee-plans/user/groups/${w.group.id}/statement.pdf` },
  { method: 'GET', path: '/api/payments/statement.pdf', cells: signedIn(200) },
  { method: 'GET', path: '/api/admin/users/{id}/statement.pdf', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}/statement.pdf` },
  { method: 'GET', path: '/api/admin/groups/{id}/payments', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/payments` },

  // Bank accounts: members see the active ones to pay into; admins manage them.
  { method: 'GET', path: '/api/bank-accounts/active', cells: signedIn(200) },
  { method: 'GET', path: '/api/bank-accounts', cells: adminOnly(200) },
  { method: 'POST', path: '/api/bank-accounts', cells: adminOnly(201), json: () => validBankAccount },
  { method: 'PUT', path: '/api/bank-accounts/{id}', cells: adminOnly(200), url: (w) => `/api/bank-accounts/${w.spareBankAccountId}`, json: () => validBankAccount },
  {
    method: 'DELETE',
    path: '/api/bank-accounts/{id}',
    cells: adminOnly(200),
    setup: async (w) => ({ accountId: await w.newBankAccount('Matrix Doomed Account') }),
    url: (_w, p) => `/api/bank-accounts/${p.accountId}`,
  },
  { method: 'PUT', path: '/api/bank-accounts/{id}/toggle-status', cells: adminOnly(200), url: (w) => `/api/bank-accounts/${w.spareBankAccountId}/toggle-status` },
  {
    method: 'PUT',
    path: '/api/bank-accounts/{id}/set-default',
    cells: adminOnly(200),
    setup: async (w) => ({ accountId: await w.newBankAccount('Matrix Default Account') }),
    url: (_w, p) => `/api/bank-accounts/${p.accountId}/set-default`,
  },
  // Reconciliation by bank account: the operator's alone.
  { method: 'GET', path: '/api/admin/reconciliation', cells: adminOnly(200), url: () => '/api/admin/reconciliation?from=2026-01-01&to=2026-12-31&by=month' },
  {
    method: 'GET',
    path: '/api/admin/reconciliation/entries',
    cells: adminOnly(200),
    url: (w) => `/api/admin/reconciliation/entries?bankAccountId=${w.bankAccountId}&month=2026-02`,
  },
  { method: 'PUT', path: '/api/admin/reconciliation/ticks/{id}', cells: adminOnly(200), url: (w) => `/api/admin/reconciliation/ticks/${w.subscriptionId}`, json: () => ({ ticked: true }) },
  {
    method: 'GET',
    path: '/api/admin/reconciliation/statement',
    cells: adminOnly(200),
    url: (w) => `/api/admin/reconciliation/statement?bankAccountId=${w.bankAccountId}&from=2026-01-01&to=2026-12-31&by=month`,
  },
  // Bank statements: the operator's alone.
  { method: 'POST', path: '/api/admin/bank-accounts/{id}/statements/preview', cells: adminOnly(200), url: (w) => `/api/admin/bank-accounts/${w.bankAccountId}/statements/preview`, form: () => ({ fields: {}, file: matrixStatement }) },
  {
    method: 'POST',
    path: '/api/admin/bank-accounts/{id}/statements',
    cells: adminOnly(201),
    url: (w) => `/api/admin/bank-accounts/${w.bankAccountId}/statements`,
    form: () => ({ fields: { layout: JSON.stringify(matrixLayout) }, file: matrixStatement }),
  },
  { method: 'POST', path: '/api/admin/bank-accounts/{id}/statements/match', cells: adminOnly(200), url: (w) => `/api/admin/bank-accounts/${w.bankAccountId}/statements/match` },
  { method: 'GET', path: '/api/admin/bank-accounts/{id}/statement-lines', cells: adminOnly(200), url: (w) => `/api/admin/bank-accounts/${w.bankAccountId}/statement-lines` },
  {
    method: 'POST',
    path: '/api/admin/bank-accounts/{id}/statements/approve',
    cells: adminOnly(200),
    url: (w) => `/api/admin/bank-accounts/${w.bankAccountId}/statements/approve`,
    json: () => ({ lineIds: ['00000000-0000-4000-8000-000000000000'] }),
  },

  // Buying a plan: any signed-in user opens their own request (a fresh plan, so nobody has one pending).
  {
    method: 'POST',
    path: '/api/payments/subscribe',
    cells: signedIn(201),
    setup: async (w) => ({ planId: (await w.newPlan()).id }),
    form: (w, p) => ({ fields: { planId: p.planId, amount: '5000', bankAccountId: w.bankAccountId }, file: pngReceipt }),
  },
  {
    method: 'POST',
    path: '/api/plan-payments',
    cells: signedIn(201),
    setup: async (w) => ({ planId: (await w.newPlan()).id }),
    json: (_w, p) => ({ planId: p.planId, amount: 5000 }),
  },
  { method: 'GET', path: '/api/plan-payments', cells: signedIn(200) },
  // Completing an open request is the requester's own act: for anyone else, admins included, it does not exist.
  {
    method: 'POST',
    path: '/api/plan-payments/{id}/upload-receipt',
    cells: ownerOnly(200),
    setup: async (w) => ({ paymentId: await openPlanRequest(w) }),
    url: (_w, p) => `/api/plan-payments/${p.paymentId}/upload-receipt`,
    form: () => ({ fields: {}, file: pngReceipt }),
  },
  {
    method: 'PUT',
    path: '/api/plan-payments/{id}/receipt',
    cells: ownerOnly(200),
    setup: async (w) => ({ paymentId: await openPlanRequest(w) }),
    url: (_w, p) => `/api/plan-payments/${p.paymentId}/receipt`,
    json: () => ({ receiptImage: 'https://example.com/receipts/transfer.png' }),
  },
  { method: 'GET', path: '/api/plan-payments/{id}', cells: ownerOrAdmin(200), url: (w) => `/api/plan-payments/${w.subscriptionId}` },
  // A member may not approve or reject a request, not even their own.
  {
    method: 'PUT',
    path: '/api/plan-payments/{id}/approve',
    cells: adminOnly(200),
    setup: async (w) => ({ paymentId: await w.subscribe(w.owner, (await w.newPlan()).id) }),
    url: (_w, p) => `/api/plan-payments/${p.paymentId}/approve`,
    json: () => ({ groupNumber: '1' }),
  },
  {
    method: 'PUT',
    path: '/api/plan-payments/{id}/reject',
    cells: adminOnly(200),
    setup: async (w) => ({ paymentId: await w.subscribe(w.owner, (await w.newPlan()).id) }),
    url: (_w, p) => `/api/plan-payments/${p.paymentId}/reject`,
    json: () => ({ rejectionReason: 'The transfer could not be found.' }),
  },
  {
    method: 'POST',
    path: '/api/committee-plans/{id}/add-user',
    cells: adminOnly(201),
    setup: async (w) => {
      const plan = await w.newPlan();
      return { planId: plan.id, groupId: (await w.newGroup(plan.id)).id };
    },
    url: (_w, p) => `/api/committee-plans/${p.planId}/add-user`,
    json: (w, p) => ({ userId: w.owner.id, groupId: p.groupId }),
  },

  // A receipt opens through the short-lived signed link handed to its owner (and admins) with the
  // payment: the link is the credential, so that a new browser tab can open it without a header.
  // Who may get the link is the plan-payment row above; an altered link is refused below.
  { method: 'GET', path: '/api/receipts/{id}/file', cells: everyone(200), url: (w) => w.receiptUrl },

  // Committees: plans under their other name.
  { method: 'GET', path: '/api/committees', cells: signedIn(200) },
  { method: 'POST', path: '/api/committees', cells: adminOnly(201), json: () => validPlan('Matrix Committee') },
  { method: 'GET', path: '/api/committees/user', cells: signedIn(200) },
  { method: 'GET', path: '/api/committees/{id}', cells: signedIn(200), url: (w) => `/api/committees/${w.plan.id}` },
  {
    method: 'POST',
    path: '/api/committees/{id}/join',
    cells: signedIn(201),
    setup: async (w) => ({ planId: (await w.newPlan()).id }),
    url: (_w, p) => `/api/committees/${p.planId}/join`,
  },
  // Withdrawing is of the caller's own open request: another member, or an admin, has none to withdraw.
  {
    method: 'DELETE',
    path: '/api/committees/{id}/leave',
    cells: ownerOnly(200),
    setup: async (w) => {
      const plan = await w.newPlan();
      const joined = await send(ctx, { method: 'POST', url: `/api/committees/${plan.id}/join` }, w.owner.token);
      expect(joined.status).toBe(201);
      return { planId: plan.id };
    },
    url: (_w, p) => `/api/committees/${p.planId}/leave`,
  },
  { method: 'PUT', path: '/api/committees/{id}/status', cells: adminOnly(200), url: (w) => `/api/committees/${w.sparePlan.id}/status`, json: () => ({ status: 'active' }) },
  { method: 'GET', path: '/api/committee-plans/user/groups', cells: signedIn(200) },
  // A group's ledger, to its own members only: the owner's group does not exist for anyone else (the
  // admin reads it at /api/admin/groups/{id}/ledger).
  { method: 'GET', path: '/api/committee-plans/user/groups/{groupId}/ledger', cells: ownerOnly(200), url: (w) => `/api/committee-plans/user/groups/${w.group.id}/ledger` },

  // Instalments: a member pays into their own group only; any other group does not exist for them
  // (an admin is not a member of it either).
  {
    method: 'POST',
    path: '/api/payments',
    cells: ownerOnly(201),
    form: (w) => ({ fields: { groupId: w.group.id, amount: '5000', month: '3', year: '2026', bankAccountId: w.bankAccountId }, file: pngReceipt }),
  },
  // Lists take a userId filter: a member naming the owner still sees only their own payments.
  { method: 'GET', path: '/api/payments', cells: signedIn(200), url: (w) => `/api/payments?userId=${w.owner.id}` },
  { method: 'GET', path: '/api/payments/summary', cells: signedIn(200), url: (w) => `/api/payments/summary?userId=${w.owner.id}` },
  { method: 'GET', path: '/api/payments/pending-queue', cells: adminOnly(200) },
  { method: 'GET', path: '/api/payments/reports', cells: adminOnly(200) },
  { method: 'PUT', path: '/api/payments/bulk-status', cells: adminOnly(200), json: (w) => ({ paymentIds: [w.unpaidInstalmentId], status: 'overdue' }) },
  { method: 'GET', path: '/api/payments/history/{id}', cells: ownerOrAdmin(200), url: (w) => `/api/payments/history/${w.instalmentId}` },
  { method: 'GET', path: '/api/payments/{id}', cells: ownerOrAdmin(200), url: (w) => `/api/payments/${w.instalmentId}` },
  // Corrections: past the checks, each is refused for what the shared records are (nothing changes).
  { method: 'POST', path: '/api/payments/{id}/undo-approval', cells: adminOnly(409), url: (w) => `/api/payments/${w.unpaidInstalmentId}/undo-approval`, json: () => ({ reason: 'Matrix' }) },
  { method: 'PUT', path: '/api/payments/{id}/correct', cells: adminOnly(409), url: (w) => `/api/payments/${w.unpaidInstalmentId}/correct`, json: () => ({ amount: 4000, reason: 'Matrix' }) },
  // The owner may not approve their own instalment.
  { method: 'PUT', path: '/api/payments/{id}/status', cells: adminOnly(200), url: (w) => `/api/payments/${w.instalmentId}/status`, json: () => ({ status: 'paid' }) },

  // User administration: admin only, even when the id is the caller's own (members use /api/profile).
  { method: 'GET', path: '/api/admin/users', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/users/{id}', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}` },
  { method: 'GET', path: '/api/admin/users/{id}/messages', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}/messages` },
  { method: 'GET', path: '/api/admin/users/{id}/ledger', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}/ledger` },
  { method: 'PUT', path: '/api/admin/users/{id}', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}`, json: adminUserEdit },
  { method: 'PUT', path: '/api/admin/users/{id}/status', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}/status`, json: () => ({ isActive: true }) },
  { method: 'GET', path: '/api/users', cells: adminOnly(200) },
  { method: 'GET', path: '/api/users/{id}', cells: adminOnly(200), url: (w) => `/api/users/${w.owner.id}` },
  { method: 'PUT', path: '/api/users/{id}', cells: adminOnly(200), url: (w) => `/api/users/${w.owner.id}`, json: adminUserEdit },
  { method: 'PUT', path: '/api/users/{id}/status', cells: adminOnly(200), url: (w) => `/api/users/${w.owner.id}/status`, json: () => ({ isActive: true }) },
  { method: 'PUT', path: '/api/admin/users/{id}/block', cells: adminOnly(200), url: (w) => `/api/admin/users/${w.owner.id}/block`, json: () => ({ isBlocked: false }) },
  // The owner has no CNIC held for review: past the role check, the admin is told there is nothing to decide.
  { method: 'PUT', path: '/api/admin/users/{id}/cnic-claim', cells: adminOnly(409), url: (w) => `/api/admin/users/${w.owner.id}/cnic-claim`, json: () => ({ decision: 'DISMISS' }) },
  // Setting a password ends the user's sessions, so it targets the referred member, whose session no row uses.
  { method: 'PUT', path: '/api/users/{id}/password', cells: adminOnly(200), url: (w) => `/api/users/${w.referee.id}/password`, json: () => ({ password: 'reset-by-admin-1' }) },
  { method: 'GET', path: '/api/users/stats/overview', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/dashboard/overview', cells: adminOnly(200) },

  // Notifications: each caller's own; another user's notification does not exist for them.
  { method: 'GET', path: '/api/notifications', cells: signedIn(200) },
  { method: 'GET', path: '/api/notifications/user', cells: signedIn(200) },
  { method: 'PUT', path: '/api/notifications/read-all', cells: signedIn(200) },
  { method: 'PUT', path: '/api/notifications/{id}/read', cells: ownerOnly(200), url: (w) => `/api/notifications/${w.notificationId}/read` },

  { method: 'GET', path: '/api/admin/audit', cells: adminOnly(200) },

  // CSV exports of the admin lists: admins only, whatever the kind (each export adds only its own audit row).
  { method: 'GET', path: '/api/admin/exports/payments.csv', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/exports/defaulters.csv', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/exports/winners.csv', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/exports/plan-requests.csv', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/exports/commission-payments.csv', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/exports/users.csv', cells: adminOnly(200) },
  { method: 'GET', path: '/api/admin/exports/audit.csv', cells: adminOnly(200) },

  // Winners: chosen and managed by admins only, even the winner cannot touch the record.
  {
    method: 'GET',
    path: '/api/winners/eligible-members/{committeeId}/{groupNumber}',
    cells: adminOnly(200),
    url: (w) => `/api/winners/eligible-members/${w.plan.id}/${w.group.groupNumber}`,
  },
  {
    method: 'POST',
    path: '/api/winners/select-specific',
    cells: adminOnly(201),
    json: (w) => ({ committeeId: w.plan.id, groupNumber: w.group.groupNumber, month: 2, year: 2026, userId: w.referee.id }),
  },
  // A verifiable draw (docs/draws.md), on a group of its own with the owner in it.
  { method: 'POST', path: '/api/winners/draws/{committeeId}/{groupNumber}/commit', cells: adminOnly(201), setup: drawGroup, url: (_w, p) => `/api/winners/draws/${p.planId}/${p.groupNumber}/commit`, json: () => ({ month: 1, year: 2026 }) },
  {
    method: 'POST',
    path: '/api/winners/draws/{committeeId}/{groupNumber}/draw',
    cells: adminOnly(201),
    setup: async (w) => {
      const group = await drawGroup(w);
      expect((await w.adminCall('POST', `/api/winners/draws/${group.planId}/${group.groupNumber}/commit`, { month: 1, year: 2026 })).status).toBe(201);
      return group;
    },
    url: (_w, p) => `/api/winners/draws/${p.planId}/${p.groupNumber}/draw`,
    json: () => ({ month: 1, year: 2026 }),
  },
  {
    method: 'POST',
    path: '/api/winners/draws/{committeeId}/{groupNumber}/void',
    cells: adminOnly(200),
    setup: async (w) => {
      const group = await drawGroup(w);
      expect((await w.adminCall('POST', `/api/winners/draws/${group.planId}/${group.groupNumber}/commit`, { month: 1, year: 2026 })).status).toBe(201);
      return group;
    },
    url: (_w, p) => `/api/winners/draws/${p.planId}/${p.groupNumber}/void`,
    json: () => ({ month: 1, year: 2026, reason: 'Committed by mistake' }),
  },
  // A group's draw record published at a link: the admin makes and revokes it; anyone opens it.
  { method: 'GET', path: '/api/admin/groups/{id}/draw-record-link', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/draw-record-link` },
  { method: 'POST', path: '/api/admin/groups/{id}/draw-record-link', cells: adminOnly(201), url: (w) => `/api/admin/groups/${w.group.id}/draw-record-link` },
  {
    method: 'DELETE',
    path: '/api/admin/groups/{id}/draw-record-link',
    cells: adminOnly(200),
    setup: async (w) => ({ token: (await w.adminCall('POST', `/api/admin/groups/${w.group.id}/draw-record-link`)).body.data.link!.token }),
    url: (w) => `/api/admin/groups/${w.group.id}/draw-record-link`,
  },
  {
    method: 'GET',
    path: '/api/public/draw-records/{token}',
    cells: everyone(200),
    setup: async (w) => ({ token: (await w.adminCall('POST', `/api/admin/groups/${w.group.id}/draw-record-link`)).body.data.link!.token }),
    url: (_w, p) => `/api/public/draw-records/${p.token}`,
    // Published for anyone by the admin: each entry by its id (the owner's win here), each entrant by the id
    // the rule hashes, so that the draw can be checked outside the product (docs/draws.md).
    published: ["the owner's winner record", "the owner's user id"],
  },
  // A reminder email's unsubscribe link: the token is the proof, whoever calls (a new member's, so that
  // turning their emails off changes nothing another row reads). The page asks and changes nothing.
  { method: 'GET', path: '/api/unsubscribe/{token}', cells: everyone(200), setup: unsubscribeLink, url: (_w, p) => `/api/unsubscribe/${p.token}` },
  {
    method: 'POST',
    path: '/api/unsubscribe/{token}',
    cells: everyone(200),
    setup: unsubscribeLink,
    url: (_w, p) => `/api/unsubscribe/${p.token}`,
    json: () => ({ 'List-Unsubscribe': 'One-Click' }),
  },
  { method: 'GET', path: '/api/committee-plans/user/groups/{groupId}/draws', cells: ownerOnly(200), url: (w) => `/api/committee-plans/user/groups/${w.group.id}/draws` },
  { method: 'GET', path: '/api/admin/groups/{id}/draws', cells: adminOnly(200), url: (w) => `/api/admin/groups/${w.group.id}/draws` },
  // Automatic selection is switched off (RULES §9): the admin gets its refusal, members never reach it.
  { method: 'POST', path: '/api/winners/select', cells: adminOnly(400) },
  { method: 'GET', path: '/api/winners', cells: adminOnly(200) },
  { method: 'GET', path: '/api/winners/statistics', cells: adminOnly(200) },
  { method: 'POST', path: '/api/winners/trigger-monthly-selection', cells: adminOnly(200) },
  { method: 'PUT', path: '/api/winners/{id}/status', cells: adminOnly(200), url: (w) => `/api/winners/${w.winnerId}/status`, json: () => ({ status: 'paid' }) },
  {
    method: 'DELETE',
    path: '/api/winners/{id}',
    cells: adminOnly(200),
    setup: async (w) => {
      const selected = await w.adminCall('POST', '/api/winners/select-specific', {
        committeeId: w.secondPlan.id,
        groupNumber: w.secondGroup.groupNumber,
        month: 1,
        year: 2026,
        userId: w.owner.id,
      });
      expect(selected.status).toBe(201);
      return { winnerId: selected.body.winner.id };
    },
    url: (_w, p) => `/api/winners/${p.winnerId}`,
  },

  // Referrals: each member's own scheme; commission payouts are admin work.
  { method: 'GET', path: '/api/referrals', cells: signedIn(200) },
  { method: 'GET', path: '/api/referrals/stats', cells: signedIn(200) },
  // A member naming the owner gets an empty tree and only their own commissions (member document §6).
  { method: 'GET', path: '/api/referrals/tree', cells: signedIn(200), url: (w) => `/api/referrals/tree?userId=${w.owner.id}` },
  { method: 'GET', path: '/api/referrals/commission-history', cells: signedIn(200), url: (w) => `/api/referrals/commission-history?userId=${w.owner.id}` },
  { method: 'GET', path: '/api/referrals/leaderboard', cells: signedIn(200) },
  { method: 'GET', path: '/api/referrals/commission-payments', cells: signedIn(200) },
  // Only the referrer who was paid confirms receipt of the payment.
  {
    method: 'PUT',
    path: '/api/referrals/commission-payments/{id}/confirm',
    cells: ownerOnly(200),
    url: (w) => `/api/referrals/commission-payments/${w.commissionPaymentId}/confirm`,
    json: () => ({ userNotes: 'Received in my account' }),
  },
  { method: 'GET', path: '/api/referrals/reports', cells: adminOnly(200) },
  { method: 'GET', path: '/api/referrals/commission-rules', cells: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/referrals/commission-rules',
    cells: adminOnly(200),
    json: () => ({ level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 }),
  },
  { method: 'GET', path: '/api/admin/commission-payments/pending', cells: adminOnly(200) },
  // January 2020 accrued nothing: the admin reaches the payout and is told there is nothing to pay.
  {
    method: 'POST',
    path: '/api/admin/commission-payments/bulk-pay',
    cells: adminOnly(409),
    json: () => ({ month: 1, year: 2020, paymentMethod: 'BANK_TRANSFER' }),
  },
  { method: 'GET', path: '/api/admin/commission-payments/history', cells: adminOnly(200) },

  // Profile: always the caller's own account.
  { method: 'GET', path: '/api/profile/message-channels', cells: signedIn(200) },
  { method: 'PUT', path: '/api/profile/message-channels', cells: signedIn(200), json: () => ({ choices: allPushChoices, emailReminders: true }) },
  { method: 'GET', path: '/api/push/key', cells: signedIn(200) },
  { method: 'POST', path: '/api/push/subscriptions', cells: signedIn(201), json: (_w, _p, caller) => pushSubscription(`matrix-${caller}`) },
  // A device is its subscriber's: for anyone else its endpoint is not subscribed.
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    cells: ownerOnly(200),
    setup: async (w) => {
      const endpoint = pushSubscription(`matrix-delete-${Math.random().toString(36).slice(2)}`);
      expect((await send(ctx, { method: 'POST', url: '/api/push/subscriptions', json: endpoint }, w.owner.token)).status).toBe(201);
      return { endpoint: endpoint.endpoint };
    },
    json: (_w, p) => ({ endpoint: p.endpoint }),
  },
  { method: 'GET', path: '/api/profile', cells: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/profile',
    cells: signedIn(200),
    json: (w, _p, caller) => {
      const person = caller === 'visitor' ? w.owner : w.personOf(caller);
      return { name: person.name, email: person.email };
    },
  },
  // The caller's own language; English, as everyone's here, so that later rows read the same texts.
  { method: 'PUT', path: '/api/profile/language', cells: signedIn(200), json: () => ({ language: 'en' }) },
  // A wrong current password is checked against the caller's own hash: only a signed-in caller gets that far.
  // (A real change would end the other sessions that later rows use.)
  {
    method: 'PUT',
    path: '/api/profile/password',
    cells: signedIn(400),
    json: () => ({ currentPassword: 'not-my-password', newPassword: 'another-pass-1', confirmPassword: 'another-pass-1' }),
  },
  // The caller's own phone: nobody here has one, so sending or checking a code is refused on that field.
  { method: 'POST', path: '/api/profile/phone/confirmation', cells: signedIn(400) },
  { method: 'POST', path: '/api/profile/phone/confirm', cells: signedIn(400), json: () => ({ code: '123456' }) },
];

/** The owner's open plan request for a fresh plan, without a receipt yet. */
async function openPlanRequest(w: World): Promise<string> {
  const plan = await w.newPlan();
  const opened = await send(ctx, { method: 'POST', url: '/api/plan-payments', json: { planId: plan.id, amount: 5000 } }, w.owner.token);
  expect(opened.status).toBe(201);
  return opened.body.payment.id;
}

/** A six-digit code the authenticator would not show now: wrong for certain, not by chance. */
async function codeNotMatching(secret: string): Promise<string> {
  for (let digit = 0; digit <= 9; digit++) {
    const code = String(digit).repeat(6);
    if ((await matchCode(secret, code)) === undefined) return code;
  }
  throw new Error('every candidate code matched');
}

/**
 * What identifies the owner and their records. Whatever its status, an answer to anyone but the
 * owner and an admin must not carry them: a 200 list that is "scoped" but still shows another
 * member's rows fails here even though its status is right.
 */
function ownerSecrets(w: World): Record<string, string> {
  return {
    "the owner's user id": w.owner.id,
    "the owner's email": w.owner.email,
    "the owner's plan payment": w.subscriptionId,
    "the owner's instalment": w.instalmentId,
    "the owner's notification": w.notificationId,
    "the owner's commission payment": w.commissionPaymentId,
    "the owner's winner record": w.winnerId,
    "the owner's receipt": w.receiptUrl.split('/')[3],
  };
}

const DENIED = new Set([401, 403, 404]);
/** Refused callers first: a permitted destructive call then cannot change what they are refused. */
function callingOrder(cells: Cells): Caller[] {
  return [...CALLERS].sort((a, b) => Number(!DENIED.has(cells[a])) - Number(!DENIED.has(cells[b])));
}

let ctx: TestContext;
let world: World;
/** Every route the app registers, as Fastify's onRoute hook saw it (hidden ones included). */
const registered: string[] = [];

const rowKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * A digest of every stored row of every table: equal before and after a call means the call changed
 * nothing. Reads must never change data (ASVS 3.5.3): a GET that did could be set off by a link or an
 * image on another site.
 */
async function storedDataDigest(db: TestContext['db']): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  // The writes a GET may make: an export's own audit row (who exported what, RULES §11), and the
  // count of attempts on a rate-limited GET (verify-email), which is not stored data but a limit's state.
  const onlyStored = (name: string) => (name === 'audit_log' ? ` WHERE t.action <> 'DATA_EXPORT'` : '');
  const union = tables
    .filter(({ name }) => name !== 'attempt_counts')
    .map(({ name }) => `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t${onlyStored(name)}`)
    .join(' UNION ALL ');
  const { rows } = await db.query<{ name: string; digest: string }>(union);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/**
 * buildApp makes its Fastify instance and registers the routes in one go; Fastify announces a new
 * instance on this channel first, which is the one moment an onRoute hook can still see them all.
 */
function recordRoutes(message: unknown) {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside every GET by itself.
      if (method !== 'HEAD') registered.push(rowKey(method, route.url.replace(/:(\w+)/g, '{$1}')));
    }
  });
}

beforeAll(async () => {
  diagnostics.subscribe('fastify.initialization', recordRoutes);
  try {
    // Draws are drawn as soon as they are committed here: the notice is not what this table is about.
    ctx = await createTestContext({ env: { DRAW_NOTICE_HOURS: '0' } });
  } finally {
    diagnostics.unsubscribe('fastify.initialization', recordRoutes);
  }
  world = await buildWorld(ctx);
}, 120_000);
afterAll(() => ctx.close());

describe('the authorization matrix', () => {
  it('has exactly one row for every API route', () => {
    // The API's own documentation pages (/api/docs…) are not part of the API and are left out; the
    // health route is in the document and has a row like any other.
    const isApi = (key: string) => / \/api\//.test(key) && !/ \/api\/docs/.test(key);
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => rowKey(method, path))).filter(isApi);
    const routes = [...new Set(registered.filter(isApi))];
    const tabled = rows.map((row) => rowKey(row.method, row.path));

    const problems = [
      ...routes.filter((route) => !tabled.includes(route)).map((route) => `route ${route} has no row in the authorization matrix`),
      ...tabled.filter((row) => !routes.includes(row)).map((row) => `row ${row} has no route`),
      ...tabled.filter((row, index) => tabled.indexOf(row) !== index).map((row) => `row ${row} appears twice`),
      // A route hidden from the OpenAPI document would also be hidden from its readers.
      ...routes.filter((route) => !documented.includes(route)).map((route) => `route ${route} is missing from the OpenAPI document`),
      ...documented.filter((route) => !routes.includes(route)).map((route) => `the OpenAPI document lists ${route}, which is not registered`),
    ];
    expect(problems).toEqual([]);
    // Both lists must really have been read (an empty list would make the checks above pass).
    expect(routes.length).toBeGreaterThan(90);
  });

  it.each(rows.map((row) => [rowKey(row.method, row.path), row] as const))('%s', async (_name, row) => {
    const prepared = row.setup ? await row.setup(world) : {};
    const url = row.url ? row.url(world, prepared) : row.path;
    expect(url, 'a path parameter was left unfilled').not.toMatch(/[{}]/);

    const actual = {} as Cells;
    const answers: Record<string, unknown> = {};
    const dataBefore = row.method === 'GET' ? await storedDataDigest(ctx.db) : undefined;
    for (const caller of callingOrder(row.cells)) {
      const token =
        row.freshSessions && caller !== 'visitor' && caller !== 'blockedMember' ? await world.freshToken(world.personOf(caller)) : world.tokenOf(caller);
      const answer = await send(ctx, { method: row.method, url, json: row.json?.(world, prepared, caller), form: row.form?.(world, prepared) }, token);
      actual[caller] = answer.status;
      if (answer.status !== row.cells[caller]) answers[caller] = answer.body;
      // A refusal is the one error body of RULES §12, whoever is refused.
      if (answer.status >= 400 && !(answer.body?.success === false && typeof answer.body.message === 'string')) answers[caller] = { notTheErrorBody: answer.body };
      // Nobody but the owner and an admin learns anything of the owner's, whatever the status.
      if (caller !== 'owner' && caller !== 'admin') {
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        const revealed = Object.entries(ownerSecrets(world)).filter(([label, value]) => text.includes(value) && !row.published?.includes(label));
        if (revealed.length > 0) answers[caller] = { reveals: revealed.map(([label]) => label), body: answer.body };
      }
    }
    // Ordered as the cells are, so that a difference names the caller; the bodies of the wrong cells explain it.
    const inCellOrder = (cells: Cells) => Object.fromEntries(CALLERS.map((caller) => [caller, cells[caller]]));
    expect({ statuses: inCellOrder(actual), unexpectedAnswers: answers }).toEqual({ statuses: inCellOrder(row.cells), unexpectedAnswers: {} });
    if (dataBefore) expect(await storedDataDigest(ctx.db), 'a GET changed stored data').toEqual(dataBefore);
  });

  it('refuses an altered or unsigned receipt link to everyone, admins included', async () => {
    const altered = world.receiptUrl.replace(/signature=([^&])/, (_m, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    const unsigned = world.receiptUrl.split('?')[0];
    for (const caller of CALLERS) {
      expect((await send(ctx, { method: 'GET', url: altered }, world.tokenOf(caller))).status, caller).toBe(403);
      expect((await send(ctx, { method: 'GET', url: unsigned }, world.tokenOf(caller))).status, caller).toBe(400);
    }
  });
});

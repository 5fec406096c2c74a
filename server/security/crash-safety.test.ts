/**
 * Crash safety of the money changes: the real server (a child process) is killed with SIGKILL at a
 * named point of a plan approval, a bulk instalment status change and a commission payout
 * (server/failpoints.ts). After a restart on the same data the change is whole or absent; retried,
 * it takes effect exactly once. Runs on PGlite and on PostgreSQL.
 *
 * The scenario is built once through the API, on a server without a crash point; each crash runs on
 * a copy of it. Each copy answers the questions with SQL over a direct connection (PGlite: while no
 * server runs on it; the crashed files are read in a copy so that the restarted server recovers the
 * originals itself).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { commissionMessages } from '../../contract/referrals.ts';
import type { Queryable } from '../db/database.ts';
import { failpointNames, type FailpointName } from '../failpoints.ts';
import { findInvariantViolations } from '../test/invariants.ts';
import { startSmtpCatcher } from '../test/smtp-catcher.ts';
import { multipartBody, sampleFiles, TEST_APP_URL, tokenFromEmail, uniqueEmail, type BodyOf } from '../test/test-app.ts';
import { createStore, type DataStore } from '../test/processes/data-stores.ts';
import { committeeWithGroup, expectStatus, send, type Answer } from '../test/processes/http.ts';
import { killRemainingServers, startServer, type ServerProcess } from '../test/processes/server-process.ts';
import { planPaymentMessages } from '../../contract/plan-requests.ts';
import { idempotencyMessages } from '../../contract/idempotency.ts';

const driver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
const ADMIN = { email: 'crash.admin@example.com', password: 'admin-pass-123' };
const MONTHLY = 1000;

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let base: DataStore;
let scenario: Scenario;

const serverEnv = (store: DataStore) => ({ ...store.env, APP_URL: TEST_APP_URL, SMTP_URL: smtp.url });

type Member = { id: string; email: string; token: string; referralCode: string };

type Scenario = {
  adminToken: string;
  groupId: string;
  referrer: Member;
  /** Brought by referrer (level 1). */
  referred: Member;
  /** Brought by referred: referred earns level 1 on them, referrer level 2. */
  secondLevel: Member;
  /** Brought by referrer; their plan request waits for approval. */
  applicant: Member;
  applicationId: string;
  /** Receipts under review: referred's February and March, secondLevel's February. */
  underReview: { referredFebruary: string; referredMarch: string; secondLevelFebruary: string };
  /** Already paid (settled by the subscription): a bulk move must refuse it and leave it alone. */
  referredJanuary: string;
  /** The business month the setup's commissions accrued in (the month a payout pays). */
  period: { month: number; year: number };
};

async function waitForVerificationToken(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(email) && m.text.includes('/verify-email?token='));
    if (mail) return tokenFromEmail(mail.text, '/verify-email');
    if (Date.now() > deadline) throw new Error(`no verification email reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Registers, verifies through the emailed link and signs in, as a member would. */
async function signUp(server: ServerProcess, referralCode?: string): Promise<Member> {
  const email = uniqueEmail('crash');
  const password = 'secret-pass-1';
  await expectStatus(201, server, 'POST', '/api/auth/register', { json: { name: 'Crash Member', email, password, referralCode } });
  await expectStatus(200, server, 'GET', `/api/auth/verify-email?token=${await waitForVerificationToken(email)}`);
  const login = await expectStatus(200, server, 'POST', '/api/auth/login', { json: { email, password } });
  return { id: login.user.id, email, token: login.token, referralCode: login.user.referralCode };
}

const receiptForm = (fields: Record<string, string>) => multipartBody(fields, { name: 'receipt.png', type: 'image/png', data: sampleFiles.png });

async function prepareScenario(store: DataStore): Promise<Scenario> {
  // A server that fails here is ended by afterAll.
  const server = await startServer({ ...serverEnv(store), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const { asAdmin, bankAccountId, planId, groupId } = await committeeWithGroup(server, ADMIN, 'Crash', MONTHLY);

  const subscribe = async (member: Member) =>
    (await expectStatus(201, server, 'POST', '/api/payments/subscribe', { token: member.token, form: receiptForm({ planId, amount: String(MONTHLY), bankAccountId }) })).payment.id;
  const submitInstalment = async (member: Member, month: number) =>
    (
      await expectStatus(201, server, 'POST', '/api/payments', {
        token: member.token,
        form: receiptForm({ groupId, amount: String(MONTHLY), month: String(month), year: '2026', paymentMethod: 'bank_transfer', bankAccountId }),
      })
    ).payment.id;

  const referrer = await signUp(server);
  const referred = await signUp(server, referrer.referralCode);
  const secondLevel = await signUp(server, referred.referralCode);
  const applicant = await signUp(server, referrer.referralCode);
  for (const member of [referred, secondLevel]) {
    await expectStatus(200, server, 'PUT', `/api/plan-payments/${await subscribe(member)}/approve`, { ...asAdmin, json: { groupId } });
  }
  const applicationId = await subscribe(applicant);
  const underReview = {
    referredFebruary: await submitInstalment(referred, 2),
    referredMarch: await submitInstalment(referred, 3),
    secondLevelFebruary: await submitInstalment(secondLevel, 2),
  };
  const schedule = (await expectStatus(200, server, 'GET', '/api/committee-plans/user/groups', { token: referred.token })).data.groups[0].payments;
  const referredJanuary = schedule.find((p) => p.month === 1)!.id;
  await server.stop();
  const periods = await store.inspect(async (q) => (await q.query<{ month: number; year: number }>('SELECT DISTINCT accrued_month AS month, accrued_year AS year FROM commissions')).rows);
  if (periods.length !== 1) throw new Error(`the setup's commissions accrued in ${periods.length} business months instead of one`);
  const period = { month: Number(periods[0].month), year: Number(periods[0].year) };
  return { adminToken: asAdmin.token, groupId, referrer, referred, secondLevel, applicant, applicationId, underReview, referredJanuary, period };
}

/** What one money change looks like from the data, and how its answers (typed by the change's route) read. */
type Operation<Body = unknown> = {
  send(server: ServerProcess, idempotencyKey?: string): Promise<Answer<Body>>;
  /** The answer of a request that made the change. */
  tookEffect(answer: Answer<Body>): boolean;
  /** The answer of a request that changed nothing (already done, or a key still claimed by the dead request). */
  changedNothing(answer: Answer<Body>): boolean;
  observe(q: Queryable): Promise<Record<string, unknown>>;
  /** The observation with the change made once. */
  applied: Record<string, unknown>;
  /** The observation of the prepared scenario: the change not made. */
  absent?: Record<string, unknown>;
};

const conflictWith = (answer: Answer<{ message?: string }>, ...messages: string[]) => answer.status === 409 && messages.some((message) => answer.body?.message === message);

async function observeWithInvariants(operation: Operation, q: Queryable) {
  return { ...(await operation.observe(q)), invariantViolations: await findInvariantViolations(q) };
}

function approval(s: Scenario): Operation<BodyOf<'PUT', `/api/plan-payments/${string}/approve`>> {
  return {
    send: (server, idempotencyKey) => send(server, 'PUT', `/api/plan-payments/${s.applicationId}/approve`, { token: s.adminToken, idempotencyKey, json: { groupId: s.groupId } }),
    tookEffect: (answer) => answer.status === 200 && answer.body.payment?.status === 'PAID',
    changedNothing: (answer) => conflictWith(answer, planPaymentMessages.processed, idempotencyMessages.inProgress),
    observe: async (q) => {
      const { rows } = await q.query(
        `SELECT p.status, r.outcome AS receipt_outcome,
           (SELECT count(*)::int FROM group_members m WHERE m.user_id = p.user_id) AS seats,
           (SELECT current_members FROM committee_groups WHERE id = $2) AS group_members_counter,
           (SELECT count(*)::int FROM payments i WHERE i.user_id = p.user_id AND i.type = 'INSTALMENT') AS instalments,
           (SELECT count(*)::int FROM payments i WHERE i.settled_by_payment_id = p.id AND i.status = 'PAID') AS settled_instalments,
           (SELECT coalesce(string_agg(c.level || ':' || c.amount::text, ',' ORDER BY c.level), '') FROM commissions c WHERE c.payment_id = p.id) AS commissions,
           (SELECT string_agg(ref.status, ',') FROM referrals ref WHERE ref.referred_user_id = p.user_id) AS referrals,
           (SELECT count(*)::int FROM audit_log a WHERE a.entity_id = p.id::text AND a.action = 'PLAN_REQUEST_APPROVE') AS audit_rows,
           (SELECT count(*)::int FROM notifications n WHERE n.user_id = p.user_id AND n.type = 'PLAN_REQUEST_APPROVED') AS notifications,
           (SELECT count(*)::int FROM email_outbox e WHERE e.to_address = u.email AND e.subject = 'Your plan request was approved') AS emails
         FROM payments p JOIN users u ON u.id = p.user_id LEFT JOIN receipts r ON r.id = p.receipt_id WHERE p.id = $1`,
        [s.applicationId, s.groupId],
      );
      return rows[0];
    },
    applied: {
      status: 'PAID',
      receipt_outcome: 'ACCEPTED',
      seats: 1,
      group_members_counter: 3,
      instalments: 3,
      settled_instalments: 1,
      commissions: `1:${(MONTHLY * 0.1).toFixed(2)}`,
      referrals: 'ACTIVE',
      audit_rows: 1,
      notifications: 1,
      emails: 1,
    },
  };
}

function bulkApproval(s: Scenario): Operation<BodyOf<'PUT', '/api/payments/bulk-status'>> {
  const listed = { ...s.underReview, referredJanuary: s.referredJanuary };
  const ids = Object.values(listed);
  return {
    send: (server, idempotencyKey) => send(server, 'PUT', '/api/payments/bulk-status', { token: s.adminToken, idempotencyKey, json: { paymentIds: ids, status: 'paid' } }),
    tookEffect: (answer) => answer.status === 200 && answer.body.data.count === 3 && answer.body.data.refusedCount === 1,
    changedNothing: (answer) => (answer.status === 200 && answer.body.data.count === 0 && answer.body.data.refusedCount === 4) || conflictWith(answer, idempotencyMessages.inProgress),
    observe: async (q) => {
      const { rows } = await q.query<{ id: string } & Record<string, unknown>>(
        `SELECT p.id, p.status, p.under_review, r.outcome AS receipt_outcome,
           (SELECT coalesce(string_agg(c.level || ':' || c.amount::text, ',' ORDER BY c.level), '') FROM commissions c WHERE c.payment_id = p.id) AS commissions,
           (SELECT count(*)::int FROM audit_log a WHERE a.entity_id = p.id::text AND a.action = 'PAYMENT_PAID') AS audit_rows,
           (SELECT count(*)::int FROM notifications n WHERE n.type = 'INSTALMENT_APPROVED' AND n.data->>'paymentId' = p.id::text) AS notifications
         FROM payments p LEFT JOIN receipts r ON r.id = p.receipt_id WHERE p.id = ANY($1::uuid[])`,
        [ids],
      );
      const { rows: emails } = await q.query<{ to_address: string; n: number }>(
        `SELECT to_address, count(*)::int AS n FROM email_outbox WHERE subject = 'Payment approved' GROUP BY to_address`,
      );
      const emailsTo = (member: Member) => emails.find((e) => e.to_address === member.email)?.n ?? 0;
      const byName = Object.fromEntries(Object.entries(listed).map(([name, id]) => [name, rows.find((r) => r.id === id)]));
      return { ...byName, emailsToReferred: emailsTo(s.referred), emailsToSecondLevel: emailsTo(s.secondLevel) };
    },
    applied: {
      referredFebruary: { id: s.underReview.referredFebruary, status: 'PAID', under_review: false, receipt_outcome: 'ACCEPTED', commissions: '1:100.00', audit_rows: 1, notifications: 1 },
      referredMarch: { id: s.underReview.referredMarch, status: 'PAID', under_review: false, receipt_outcome: 'ACCEPTED', commissions: '1:100.00', audit_rows: 1, notifications: 1 },
      secondLevelFebruary: { id: s.underReview.secondLevelFebruary, status: 'PAID', under_review: false, receipt_outcome: 'ACCEPTED', commissions: '1:100.00,2:50.00', audit_rows: 1, notifications: 1 },
      // Refused, as it was already paid: untouched.
      referredJanuary: { id: s.referredJanuary, status: 'PAID', under_review: false, receipt_outcome: 'ACCEPTED', commissions: '', audit_rows: 0, notifications: 0 },
      emailsToReferred: 2,
      emailsToSecondLevel: 1,
    },
  };
}

function commissionPayout(s: Scenario): Operation<BodyOf<'POST', '/api/admin/commission-payments/bulk-pay'>> {
  return {
    send: (server, idempotencyKey) =>
      send(server, 'POST', '/api/admin/commission-payments/bulk-pay', { token: s.adminToken, idempotencyKey, json: { ...s.period, paymentMethod: 'BANK_TRANSFER', transactionId: 'TX-CRASH' } }),
    tookEffect: (answer) => answer.status === 201 && answer.body.data.totalPayments === 3,
    changedNothing: (answer) => conflictWith(answer, commissionMessages.nothingToPay, idempotencyMessages.inProgress),
    observe: async (q) => {
      const { rows } = await q.query(
        `SELECT
           (SELECT coalesce(string_agg(b.total_payments || ':' || b.total_amount::text, ','), '') FROM commission_batches b WHERE b.month = $1 AND b.year = $2) AS batches,
           (SELECT count(*)::int FROM commissions c WHERE c.accrued_month = $1 AND c.accrued_year = $2 AND c.status = 'PAID') AS paid,
           (SELECT count(*)::int FROM commissions c WHERE c.accrued_month = $1 AND c.accrued_year = $2 AND c.status = 'PENDING') AS pending,
           (SELECT count(DISTINCT c.batch_id)::int FROM commissions c WHERE c.accrued_month = $1 AND c.accrued_year = $2) AS batches_paying,
           (SELECT count(*)::int FROM audit_log a WHERE a.action = 'COMMISSION_BATCH_PAY') AS audit_rows`,
        [s.period.month, s.period.year],
      );
      // One payout to each referrer: their paid total and one notification of it.
      const perReferrer = async (member: Member) =>
        (
          await q.query(
            `SELECT coalesce(sum(c.amount) FILTER (WHERE c.status = 'PAID'), 0)::numeric(14, 2)::text AS paid_total,
               (SELECT count(*)::int FROM notifications n WHERE n.user_id = $1 AND n.type = 'COMMISSION_PAID') AS notifications
             FROM commissions c WHERE c.referrer_id = $1`,
            [member.id],
          )
        ).rows[0];
      return { ...rows[0], referrer: await perReferrer(s.referrer), referred: await perReferrer(s.referred) };
    },
    applied: {
      batches: '3:250.00',
      paid: 3,
      pending: 0,
      batches_paying: 1,
      audit_rows: 1,
      referrer: { paid_total: '150.00', notifications: 1 },
      referred: { paid_total: '100.00', notifications: 1 },
    },
  };
}

type CrashCase = { failpoint: FailpointName; operation: () => Operation; committed: boolean };

const operations: Record<string, Operation> = {};
const cases: CrashCase[] = [
  { failpoint: 'plan-approve:after-seat', operation: () => operations.approval, committed: false },
  { failpoint: 'plan-approve:before-commit', operation: () => operations.approval, committed: false },
  { failpoint: 'plan-approve:after-commit', operation: () => operations.approval, committed: true },
  { failpoint: 'bulk-status:after-first', operation: () => operations.bulk, committed: false },
  { failpoint: 'bulk-status:before-commit', operation: () => operations.bulk, committed: false },
  { failpoint: 'bulk-status:after-commit', operation: () => operations.bulk, committed: true },
  { failpoint: 'commission-batch:after-mark-paid', operation: () => operations.payout, committed: false },
  { failpoint: 'commission-batch:before-commit', operation: () => operations.payout, committed: false },
  { failpoint: 'commission-batch:after-commit', operation: () => operations.payout, committed: true },
];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  base =
    driver === 'postgres'
      ? await createStore({ driver, serverUrl: process.env.TEST_DATABASE_URL!, templateDatabase: inject('postgresTemplate') })
      : await createStore({ driver, templateFile: inject('pgliteTemplateFile') });
  scenario = await prepareScenario(base);
  operations.approval = approval(scenario);
  operations.bulk = bulkApproval(scenario);
  operations.payout = commissionPayout(scenario);
  await base.inspect(async (q) => {
    for (const operation of Object.values(operations)) operation.absent = await observeWithInvariants(operation, q);
  });
}, 240_000);

afterAll(async () => {
  killRemainingServers();
  await base?.drop();
  await smtp?.close();
});

describe(`a SIGKILL in the middle of a money change (${driver})`, () => {
  it('covers every crash point the services declare', () => {
    expect(cases.map((c) => c.failpoint).sort()).toEqual([...failpointNames].sort());
  });

  it('starts from a scenario where none of the changes is made, and no invariant is broken', () => {
    expect(operations.approval.absent).toMatchObject({ status: 'PENDING', receipt_outcome: null, seats: 0, group_members_counter: 2, instalments: 0, commissions: '', audit_rows: 0, emails: 0, invariantViolations: [] });
    expect(operations.bulk.absent).toMatchObject({ referredFebruary: { status: 'PENDING', under_review: true, commissions: '' }, emailsToReferred: 0, invariantViolations: [] });
    expect(operations.payout.absent).toMatchObject({ batches: '', paid: 0, pending: 3, invariantViolations: [] });
  });

  for (const crash of cases) {
    const outcome = crash.committed ? 'the change is kept whole; retries change nothing' : 'nothing of the change is kept; the retry makes it once';
    it(`${crash.failpoint}: ${outcome}`, async () => {
      const operation = crash.operation();
      const applied = { ...operation.applied, invariantViolations: [] };
      const store = await base.copy();
      try {
        const armed = await startServer(serverEnv(store), crash.failpoint);
        // The web client sends an Idempotency-Key and sends the same one again when it retries.
        const idempotencyKey = `crash-${crash.failpoint.replace(':', '-')}`;
        const crashed = await operation.send(armed, idempotencyKey).then(
          (answer) => answer,
          (error: unknown) => error,
        );
        expect(crashed, 'the connection drops without an answer').toBeInstanceOf(Error);
        expect(await armed.exited).toEqual({ code: null, signal: 'SIGKILL' });

        const crashedFiles = driver === 'pglite' ? await store.copy() : store;
        const [afterCrash, server] = await Promise.all([crashedFiles.inspect((q) => observeWithInvariants(operation, q)), startServer(serverEnv(store))]);
        if (crashedFiles !== store) await crashedFiles.drop();
        expect(afterCrash).toEqual(crash.committed ? applied : operation.absent);

        // The same key first (as the client retries), then plain retries, as an admin pressing again would.
        const answers = [await operation.send(server, idempotencyKey), await operation.send(server), await operation.send(server)];
        const unexpected = answers.filter((answer) => !operation.tookEffect(answer) && !operation.changedNothing(answer));
        expect(unexpected, 'every retry either makes the change or changes nothing').toEqual([]);
        expect(answers.filter(operation.tookEffect), 'retries that made the change').toHaveLength(crash.committed ? 0 : 1);
        expect(operation.changedNothing(answers[2])).toBe(true);

        let final;
        if (driver === 'pglite') {
          await server.stop();
          final = await store.inspect((q) => observeWithInvariants(operation, q));
        } else {
          final = await store.inspect((q) => observeWithInvariants(operation, q));
          await server.stop();
        }
        expect(final).toEqual(applied);
      } finally {
        await store.drop();
      }
    }, 120_000);
  }
});

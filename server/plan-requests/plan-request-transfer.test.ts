/**
 * The transfer behind a plan request's receipt (decision 052): the transfer date and the bank's
 * transaction number on POST /api/payments/subscribe, POST /api/plan-payments/{id}/upload-receipt and
 * PUT /api/plan-payments/{id}/receipt, kept, shown in review, and refused field by field when wrong;
 * and the request's payment reference, the same from its making to its approval.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentAnswer } from '../../contract/instalments.ts';
import { testFactories } from '../test/factories.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
// Today in Karachi is 15 March 2026.
ctx.setNow('2026-03-15T10:00:00+05:00');

let admin: Awaited<ReturnType<typeof signInAdmin>>;
let make: ReturnType<typeof testFactories>;
let bankAccountId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  make = testFactories(ctx, admin);
  bankAccountId = await make.bankAccount();
});

const PNG = { name: 'r.png', type: 'image/png', data: sampleFiles.png };

function postForm(url: string, token: string | null, fields: Record<string, string>) {
  const form = multipartBody(fields, PNG);
  return ctx.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

const isReference = (text: unknown) => typeof text === 'string' && /^[2-9A-HJKMNP-Z]{7}$/.test(text);

/** A request opened without a receipt (the two-step path): its id and reference. */
async function openRequest(token: string, planId: string) {
  const res = await api.post('/api/plan-payments', { planId, amount: 5000, bankAccountId }, token, { answer: paymentAnswer });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payment;
}

const BAD = [
  ['a day that does not exist', { transferDate: '2026-04-31' }, { transferDate: 'Please enter the transfer date as a date (YYYY-MM-DD).' }],
  ['tomorrow', { transferDate: '2026-03-16' }, { transferDate: 'The transfer date cannot be in the future.' }],
  ['more than a year ago', { transferDate: '2024-12-31' }, { transferDate: 'The transfer date cannot be more than a year ago.' }],
  ['a transaction number of 65 characters', { transferDate: '2026-03-14', transactionNumber: 'A'.repeat(65) }, { transactionNumber: 'The transaction number can be at most 64 characters.' }],
] as const;

describe('POST /api/payments/subscribe', () => {
  it('keeps the transfer date and transaction number, shows them and the reference in review, and the reference stays through approval', async () => {
    const plan = await make.plan();
    const groupId = await make.group(plan.id);
    const member = await signUpMember(ctx);
    const res = await postForm('/api/payments/subscribe', member.token, { planId: plan.id, amount: '5000', bankAccountId, transferDate: '2026-03-13', transactionNumber: ' 0042-991 ' });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().payment;
    expect(payment).toMatchObject({ transferDate: '2026-03-13', transactionNumber: '0042-991' });
    expect(isReference(payment.paymentReference)).toBe(true);

    const listed = (await api.get(`/api/plan-payments?planId=${plan.id}`, admin.token)).body.data.payments;
    expect(listed).toEqual([expect.objectContaining({ id: payment.id, paymentReference: payment.paymentReference, transferDate: '2026-03-13', transactionNumber: '0042-991' })]);
    expect((await api.get('/api/plan-payments', member.token)).body.payments![0]).toMatchObject({ paymentReference: payment.paymentReference, transferDate: '2026-03-13' });

    const approved = await api.put(`/api/plan-payments/${payment.id}/approve`, { groupId }, admin.token);
    expect(approved.status).toBe(200);
    expect(approved.body.payment).toMatchObject({ status: 'PAID', paymentReference: payment.paymentReference, transferDate: '2026-03-13', transactionNumber: '0042-991' });
    expect((await api.get(`/api/plan-payments/${payment.id}`, admin.token)).body.payment.paymentReference).toBe(payment.paymentReference);
  });

  it('takes the form without them, as the specification’s client sends it', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const res = await postForm('/api/payments/subscribe', member.token, { planId: plan.id, amount: '5000', bankAccountId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ transferDate: null, transactionNumber: null });
  });

  it.each(BAD)('answers 400 for %s, and opens no request', async (_what, fields, errors) => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const res = await postForm('/api/payments/subscribe', member.token, { planId: plan.id, amount: '5000', bankAccountId, ...fields });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors });
    expect((await ctx.db.query('SELECT 1 FROM payments WHERE plan_id = $1', [plan.id])).rows).toEqual([]);
  });

  it('is still 401 without a session', async () => {
    const plan = await make.plan();
    expect((await postForm('/api/payments/subscribe', null, { planId: plan.id, amount: '5000', bankAccountId, transferDate: '2026-03-14' })).statusCode).toBe(401);
  });
});

describe('POST /api/plan-payments/{id}/upload-receipt', () => {
  it('keeps them with the receipt of a request opened first, whose reference the member had before the transfer', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    expect(isReference(request.paymentReference)).toBe(true);
    const res = await postForm(`/api/plan-payments/${request.id}/upload-receipt`, member.token, { transferDate: '2026-03-15', transactionNumber: 'IBFT/15-03/777' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ id: request.id, paymentReference: request.paymentReference, transferDate: '2026-03-15', transactionNumber: 'IBFT/15-03/777', hasReceipt: true });
    const { rows } = await ctx.db.query('SELECT transfer_date::text AS transfer_date, transaction_number FROM receipts WHERE payment_id = $1', [request.id]);
    expect(rows).toEqual([{ transfer_date: '2026-03-15', transaction_number: 'IBFT/15-03/777' }]);
  });

  it('takes a receipt alone, as the specification documents the call', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const res = await postForm(`/api/plan-payments/${request.id}/upload-receipt`, member.token, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ transferDate: null, transactionNumber: null, hasReceipt: true });
  });

  it.each(BAD)('answers 400 for %s, and keeps no receipt', async (_what, fields, errors) => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const res = await postForm(`/api/plan-payments/${request.id}/upload-receipt`, member.token, fields);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors });
    expect((await ctx.db.query('SELECT 1 FROM receipts WHERE payment_id = $1', [request.id])).rows).toEqual([]);
  });

  it('is still 401 without a session and 404 for another member’s request', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const fields = { transferDate: '2026-03-14' };
    expect((await postForm(`/api/plan-payments/${request.id}/upload-receipt`, null, fields)).statusCode).toBe(401);
    expect((await postForm(`/api/plan-payments/${request.id}/upload-receipt`, (await signUpMember(ctx)).token, fields)).statusCode).toBe(404);
  });
});

describe('PUT /api/plan-payments/{id}/receipt', () => {
  it('keeps them with a receipt given as a URL', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const res = await api.put(`/api/plan-payments/${request.id}/receipt`, { receiptImage: 'https://bank.example/r/9', transferDate: '2026-03-01', transactionNumber: 'TX 9' }, member.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toMatchObject({ transferDate: '2026-03-01', transactionNumber: 'TX 9', paymentReference: request.paymentReference });
  });

  it.each(BAD)('answers 400 for %s', async (_what, fields, errors) => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const res = await api.put(`/api/plan-payments/${request.id}/receipt`, { receiptImage: 'https://bank.example/r/9', ...fields }, member.token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, errors });
    expect((await api.get(`/api/plan-payments/${request.id}`, member.token)).body.payment.hasReceipt).toBe(false);
  });

  it('answers 400 for a transfer date that is not text, with the field named', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const res = await api.put(`/api/plan-payments/${request.id}/receipt`, { receiptImage: 'https://bank.example/r/9', transferDate: 20260314 }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ transferDate: 'Please enter the transfer date as a date (YYYY-MM-DD).' });
  });

  it('is still 401 without a session, 404 for another member’s request, and approval is still 403 for a member', async () => {
    const plan = await make.plan();
    const member = await signUpMember(ctx);
    const request = await openRequest(member.token, plan.id);
    const body = { receiptImage: 'https://bank.example/r/9', transferDate: '2026-03-14' };
    expect((await api.put(`/api/plan-payments/${request.id}/receipt`, body)).status).toBe(401);
    expect((await api.put(`/api/plan-payments/${request.id}/receipt`, body, (await signUpMember(ctx)).token)).status).toBe(404);
    expect((await api.put(`/api/plan-payments/${request.id}/approve`, {}, member.token)).status).toBe(403);
  });
});

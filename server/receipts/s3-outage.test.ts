/**
 * The bucket out of reach (docs/deploy.md, "Faults"): with the S3 store stopped, an upload answers 503
 * `storage.unavailable` and leaves no row naming an object that is not there, a receipt's link answers
 * 503 (not a 500, not a 404 that would say the file is gone), and the server says it is not ready,
 * naming the store; once the store is back, all of it works again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { S3ReceiptStorage } from './s3-receipt-storage.ts';

let s3: S3TestServer = await startS3Server();
const port = new URL(s3.clientConfig.endpoint).port;
const storage = new S3ReceiptStorage({ bucket: s3.bucket, ...s3.clientConfig });
const { ctx, api } = await openTestFile({ receiptStorage: storage });

afterAll(async () => {
  storage.close();
  await s3.close();
});

let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let planCounter = 0;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  const bank = await api.post('/api/bank-accounts', { accountName: 'Umrah Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true }, admin.token);
  bankAccountId = bank.body.bankAccount.id;
});

async function subscribe(member: Awaited<ReturnType<typeof signUpMember>>) {
  planCounter++;
  const plan = await api.post('/api/committee-plans', { name: `Outage ${planCounter}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, admin.token);
  const body = multipartBody({ planId: plan.body.plan.id, amount: '5000', bankAccountId }, { name: 'receipt.pdf', type: 'application/pdf', data: sampleFiles.pdf });
  return ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
}

async function paymentsOf(userId: string) {
  return (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [userId])).rows[0].n;
}

describe('the receipt store out of reach', () => {
  it('answers uploads and links 503 storage.unavailable, keeps no row without its object, and is not ready until the store is back', async () => {
    const before = await signUpMember(ctx);
    const stored = await subscribe(before);
    expect(stored.statusCode).toBe(201);
    const link = stored.json().payment.receiptImage as string;
    expect((await api.get('/api/health/ready')).status).toBe(200);

    await s3.stop();

    const member = await signUpMember(ctx);
    const upload = await subscribe(member);
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toMatchObject({ success: false, code: 'storage.unavailable', message: 'Receipt files cannot be reached just now. Please try again in a moment.' });
    expect(upload.headers['retry-after']).toBe('5');
    expect(await paymentsOf(member.user.id)).toBe(0);

    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(503);
    expect(file.json()).toMatchObject({ success: false, code: 'storage.unavailable' });

    const ready = await api.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data.failing).toEqual(['storage']);
    // The rest of the product goes on: reads that need no file are answered.
    expect((await api.get('/api/auth/me', member.token)).status).toBe(200);

    // The store back on the same address, with the same files.
    s3 = await startS3Server(s3.bucket, { port: Number(port), directory: s3.directory });
    expect((await api.get('/api/health/ready')).status).toBe(200);
    expect((await subscribe(member)).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });
});

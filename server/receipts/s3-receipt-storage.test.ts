/**
 * Receipts in an S3-compatible bucket (decision 030), against a real S3 API served by s3rver on a
 * loopback port: bytes stored and read back unchanged, a missing object said so, and through the
 * real application a receipt uploaded, served, answered 404 once its object is gone, and swept
 * when no row names it.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { sweepOrphanReceipts } from './orphan-sweep.ts';
import { S3ReceiptStorage } from './s3-receipt-storage.ts';

const s3 = await startS3Server();
const BUCKET = s3.bucket;
const storage = new S3ReceiptStorage({ bucket: BUCKET, ...s3.clientConfig });
// The bucket as seen from outside the class under test.
const bucket = new S3Client(s3.clientConfig);

const { ctx, api } = await openTestFile({ receiptStorage: storage });

afterAll(async () => {
  storage.close();
  bucket.destroy();
  await s3.close();
});

async function objectBytes(key: string): Promise<Buffer> {
  const { Body } = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await Body!.transformToByteArray());
}

async function bucketKeys(): Promise<string[]> {
  const { Contents } = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (Contents ?? []).map((object) => object.Key!).sort();
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('S3ReceiptStorage', () => {
  it('stores the bytes under a new random key with their type, reads back the same bytes, and removes them', async () => {
    const data = Buffer.concat([sampleFiles.pdf, Buffer.from([0, 255, 13, 10, 128])]);
    const key = await storage.save(data, 'pdf');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/);
    // Acknowledged by the store by the time save returns.
    expect(await objectBytes(key)).toEqual(data);
    const stored = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(stored.ContentType).toBe('application/pdf');
    await stored.Body!.transformToByteArray();

    expect(await readAll((await storage.open(key))!)).toEqual(data);
    const listed = [];
    for await (const stored of storage.list()) listed.push(stored);
    expect(listed.map((stored) => stored.key)).toContain(key);
    expect(listed.find((stored) => stored.key === key)!.storedAt).toBeInstanceOf(Date);

    await storage.remove(key);
    expect(await bucketKeys()).not.toContain(key);
    // Removing a key already gone is no error (two servers sweeping at once).
    await storage.remove(key);
  });

  it('says a missing object is not there (undefined), and refuses a key it did not make', async () => {
    expect(await storage.open('00000000-0000-4000-8000-000000000000.png')).toBeUndefined();
    await expect(storage.open('../other-bucket/secret.png')).rejects.toThrow('invalid receipt key');
    await expect(storage.remove('notes.txt')).rejects.toThrow('invalid receipt key');
  });

  it('throws, rather than answering "missing", when the bucket itself is wrong', async () => {
    const wrong = new S3ReceiptStorage({ bucket: 'no-such-bucket', ...s3.clientConfig });
    try {
      await expect(wrong.open('00000000-0000-4000-8000-000000000000.png')).rejects.toThrow();
      await expect(wrong.save(sampleFiles.png, 'png')).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });
});

describe('receipts in the bucket, through the application', () => {
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let bankAccountId: string;
  let planCounter = 0;

  beforeAll(async () => {
    admin = await signInAdmin(ctx);
    const bank = await api.post(
      '/api/bank-accounts',
      { accountName: 'Umrah Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true },
      admin.token,
    );
    bankAccountId = bank.body.bankAccount.id;
  });

  /** A member's subscription to a new plan, with a PDF receipt (stored as sent: PDFs are not redrawn). */
  async function subscribeWithReceipt() {
    planCounter++;
    const plan = await api.post(
      '/api/committee-plans',
      { name: `Umrah S3 ${planCounter}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10, benefits: ['Visa'] },
      admin.token,
    );
    expect(plan.status).toBe(201);
    const member = await signUpMember(ctx);
    const body = multipartBody({ planId: plan.body.plan.id, amount: '5000', bankAccountId }, { name: 'receipt.pdf', type: 'application/pdf', data: sampleFiles.pdf });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
    expect(res.statusCode).toBe(201);
    const payment = res.json().payment as { id: string; receiptImage: string };
    const { rows } = await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM receipts WHERE payment_id = $1', [payment.id]);
    expect(rows).toHaveLength(1);
    return { link: payment.receiptImage, key: rows[0].storage_key };
  }

  it('stores an uploaded receipt in the bucket and serves it through its signed link; a removed object is a 404, never a 500', async () => {
    const { link, key } = await subscribeWithReceipt();
    expect(await bucketKeys()).toContain(key);
    expect(await objectBytes(key)).toEqual(sampleFiles.pdf);

    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload).toEqual(sampleFiles.pdf);

    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    const missing = await ctx.app.inject({ method: 'GET', url: link });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'receipt.notAvailable', message: 'Receipt is not available for this payment.' });
  });

  it('sweeps an old object no row names, and keeps a referenced one and a fresh unreferenced one', async () => {
    const referenced = await subscribeWithReceipt();
    const orphan = await storage.save(sampleFiles.png, 'png');
    // The store keeps times to the second: the fresh object is stored in a later second than the cutoff.
    const cutoff = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_050 - (cutoff % 1_000)));
    const fresh = await storage.save(sampleFiles.jpg, 'jpg');

    // An hour after the cutoff: what was stored before it is an hour old, the fresh object is not.
    const removed = await sweepOrphanReceipts(ctx.db, storage, { now: new Date(cutoff + 3_600_000) });
    expect(removed).toBe(1);
    const keys = await bucketKeys();
    expect(keys).not.toContain(orphan);
    expect(keys).toContain(referenced.key);
    expect(keys).toContain(fresh);
    expect((await ctx.app.inject({ method: 'GET', url: referenced.link })).statusCode).toBe(200);

    // Swept again later, the fresh one is old too; the referenced one stays for good.
    expect(await sweepOrphanReceipts(ctx.db, storage, { now: new Date(Date.now() + 3_600_000 + 1_000) })).toBe(1);
    expect(await bucketKeys()).toEqual(keys.filter((key) => key !== fresh));
  });
});

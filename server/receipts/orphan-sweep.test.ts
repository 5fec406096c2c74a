/**
 * The orphan sweep on the receipts folder: files no row names are removed once an hour old; files a
 * row names, and files too young for their row to have committed yet, stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { sweepOrphanReceipts } from './orphan-sweep.ts';
import { FolderReceiptStorage } from './receipt-storage.ts';

const { ctx, api } = await openTestFile();
const dir = path.join(ctx.config.dataDir, 'receipts');
// The app's own folder, opened a second time as the hourly job in main.ts would.
const storage = new FolderReceiptStorage(dir);
const HOUR = 3_600_000;

/** Every key a committed row names, across the file's tests. */
const namedKeys: string[] = [];
let bankAccountId: string;
let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInAdmin(ctx)).token;
  const bank = await api.post(
    '/api/bank-accounts',
    { accountName: 'Umrah Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true },
    adminToken,
  );
  bankAccountId = bank.body.bankAccount.id;
});

/** A member's subscription with a PDF receipt: the key of a file a committed row names. */
async function referencedKey(): Promise<string> {
  const plan = await api.post(
    '/api/committee-plans',
    { name: `Umrah Sweep ${Math.random().toString(16).slice(2, 8)}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10, benefits: ['Visa'] },
    adminToken,
  );
  const member = await signUpMember(ctx);
  const body = multipartBody({ planId: plan.body.plan.id, amount: '5000', bankAccountId }, { name: 'receipt.pdf', type: 'application/pdf', data: sampleFiles.pdf });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${member.token}` } });
  expect(res.statusCode).toBe(201);
  const { rows } = await ctx.db.query<{ storage_key: string }>('SELECT storage_key FROM receipts WHERE payment_id = $1', [res.json().payment.id]);
  namedKeys.push(rows[0].storage_key);
  return rows[0].storage_key;
}

/** Makes a stored file look stored `ms` ago. */
function age(key: string, ms: number) {
  const then = new Date(Date.now() - ms);
  fs.utimesSync(path.join(dir, key), then, then);
}

const files = () => fs.readdirSync(dir).sort();

describe('sweepOrphanReceipts on the receipts folder', () => {
  it('removes an hour-old file no row names, keeps a named one however old and an unnamed one younger than an hour', async () => {
    const named = await referencedKey();
    age(named, 5 * HOUR);
    const orphan = await storage.save(sampleFiles.png, 'png');
    age(orphan, HOUR + 60_000);
    const young = await storage.save(sampleFiles.jpg, 'jpg');
    age(young, HOUR - 60_000);
    // Not a name the store makes: never listed, never removed.
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept by hand');
    age('notes.txt', 10 * HOUR);

    expect(await sweepOrphanReceipts(ctx.db, storage)).toBe(1);
    expect(files()).toEqual([named, young, 'notes.txt'].sort());

    // Nothing more to do: a second server sweeping the same folder removes nothing.
    expect(await sweepOrphanReceipts(ctx.db, storage)).toBe(0);
    // Two hours on, the young file is an orphan too; the named one stays.
    expect(await sweepOrphanReceipts(ctx.db, storage, { now: new Date(Date.now() + 2 * HOUR) })).toBe(1);
    expect(files()).toEqual([named, 'notes.txt'].sort());
    fs.rmSync(path.join(dir, 'notes.txt'));
  });

  it('checks the keys in batches, one query per batch', async () => {
    const named = await referencedKey();
    const orphans = [];
    for (let i = 0; i < 5; i++) orphans.push(await storage.save(sampleFiles.pdf, 'pdf'));
    for (const key of [named, ...orphans]) age(key, 2 * HOUR);

    const query = vi.spyOn(ctx.db, 'query');
    try {
      expect(await sweepOrphanReceipts(ctx.db, storage, { batchSize: 2 })).toBe(5);
      expect(files()).toEqual([...namedKeys].sort());
      // The named file of the first test and this one's, plus five orphans: seven old keys, four batches of at most two.
      expect(query).toHaveBeenCalledTimes(4);
      for (const [sql, params] of query.mock.calls) {
        expect(sql).toContain('FROM receipts WHERE storage_key = ANY');
        expect((params![0] as string[]).length).toBeLessThanOrEqual(2);
      }
    } finally {
      query.mockRestore();
    }
  });
});

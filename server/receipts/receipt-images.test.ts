/**
 * Receipt pictures are stored without their metadata (where a photo was taken, the device), turned
 * upright; a PDF is stored as sent. Shown through the API: a photo with GPS uploaded as a plan request's
 * receipt comes back from its link without any EXIF, and upright.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { withoutMetadata } from './receipt-images.ts';
import { receiptKinds } from './receipt-files.ts';

const { ctx, api } = await openTestFile();
let planId: string;
let bankAccountId: string;

/** A 40 × 20 photo taken on its side (EXIF orientation 6: shown 20 × 40), with a place and a camera. */
const photo = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '74/1 21/1 0/1' } })
    .toBuffer();

beforeAll(async () => {
  const admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  planId = (await api.post('/api/committee-plans', { name: 'Photo Plan', monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, admin.token)).body.plan.id;
});

describe('receipt pictures', () => {
  it('are stored upright and without EXIF (no place, no device)', async () => {
    const sent = await photo();
    const before = await sharp(sent).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(sent.includes(Buffer.from('PhoneMaker'))).toBe(true);

    const member = await signUpMember(ctx);
    const form = multipartBody({ planId, amount: '5000', bankAccountId }, { name: 'photo.jpg', type: 'image/jpeg', data: sent });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
    expect(res.statusCode, res.body).toBe(201);
    const file = await ctx.app.inject({ method: 'GET', url: res.json().payment.receiptImage });
    expect(file.statusCode).toBe(200);
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('keep a PNG a PNG, and leave a PDF as it was sent', async () => {
    expect((await sharp(await withoutMetadata(sampleFiles.png, receiptKinds.png)).metadata()).format).toBe('png');
    expect((await withoutMetadata(sampleFiles.pdf, receiptKinds.pdf)).equals(sampleFiles.pdf)).toBe(true);
  });
});

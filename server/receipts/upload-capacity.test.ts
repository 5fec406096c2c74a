/**
 * What reading receipt forms may cost one server (receipt-upload.ts, docs/deploy.md "Timeouts"): a body
 * trickled in just fast enough never to stall is still cut once UPLOAD_TIMEOUT_SECONDS have passed
 * (408), and no more than UPLOADS_AT_ONCE forms are read at once (503 with Retry-After); neither leaves
 * a row or a file behind, and the server goes on serving.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

// One second for a whole form, one form at a time; the stall limit (30 s in tests) is never reached here.
const { ctx, api } = await openTestFile({ env: { UPLOAD_TIMEOUT_SECONDS: '1', UPLOADS_AT_ONCE: '1' } });
let port: number;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let planCounter = 0;

beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as net.AddressInfo).port;
  admin = await signInAdmin(ctx);
  const account = await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true }, admin.token);
  bankAccountId = account.body.bankAccount.id;
});

async function planRequestForm() {
  planCounter++;
  const plan = await client(ctx).post('/api/committee-plans', { name: `Capacity ${planCounter}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, admin.token);
  // A receipt well larger than the trickle sends in the time allowed.
  const picture = Buffer.concat([sampleFiles.png, Buffer.alloc(20_000)]);
  return multipartBody({ planId: plan.body.plan.id, amount: '5000', bankAccountId }, { name: 'receipt.png', type: 'image/png', data: picture });
}

type Trickled = { status: number | undefined; text: string; closedByServer: boolean };

/**
 * Sends a whole, valid request a few bytes at a time, every 20 ms, until the server answers or closes
 * the connection (or the body is all sent, which at this pace takes many seconds).
 */
function trickle(form: Awaited<ReturnType<typeof planRequestForm>>, token: string): Promise<Trickled> {
  const head = Buffer.from(
    `POST /api/payments/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
  );
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let sent = 0;
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearInterval(ticker);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]) || undefined, text, closedByServer });
    };
    socket.write(head);
    const ticker = setInterval(() => {
      if (sent >= form.payload.length) return;
      socket.write(form.payload.subarray(sent, sent + 16));
      sent += 16;
    }, 20);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

const bodyOf = (trickled: Trickled) => JSON.parse(trickled.text.slice(trickled.text.indexOf('\r\n\r\n') + 4));
const receiptFiles = () => fs.readdirSync(path.join(ctx.config.dataDir, 'receipts')).length;
async function requestsOf(userId: string) {
  return (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [userId])).rows[0].n;
}

describe('a receipt form', () => {
  it('trickled in without ever stalling is cut once its time is up: 408, connection closed, nothing kept', async () => {
    const member = await signUpMember(ctx);
    const filesBefore = receiptFiles();
    const result = await trickle(await planRequestForm(), member.token);
    expect(result.status).toBe(408);
    expect(bodyOf(result)).toMatchObject({ success: false, code: 'upload.tooSlow', message: 'The upload took too long to arrive. Please try again on a better connection.' });
    expect(result.text).toMatch(/connection: close/i);
    expect(result.closedByServer).toBe(true);
    expect(await requestsOf(member.user.id)).toBe(0);
    expect(receiptFiles()).toBe(filesBefore);
  });

  it('is refused with 503 and Retry-After while the server reads as many as it may; once that one ends, forms are read again', async () => {
    const slow = await signUpMember(ctx);
    const other = await signUpMember(ctx);
    const reading = trickle(await planRequestForm(), slow.token);
    while (ctx.app.receiptUploads.reading.count < 1) await new Promise((resolve) => setTimeout(resolve, 10));

    const form = await planRequestForm();
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${other.token}` } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, code: 'upload.busy', message: 'Many receipts are being uploaded just now. Please try again in a moment.' });
    expect(refused.headers['retry-after']).toBe('5');
    expect(await requestsOf(other.user.id)).toBe(0);

    expect((await reading).status).toBe(408);
    expect(ctx.app.receiptUploads.reading.count).toBe(0);
    const again = await planRequestForm();
    const accepted = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: again.payload, headers: { ...again.headers, authorization: `Bearer ${other.token}` } });
    expect(accepted.statusCode).toBe(201);
    expect(await requestsOf(other.user.id)).toBe(1);
  });
});

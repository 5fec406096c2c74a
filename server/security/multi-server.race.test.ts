/**
 * Several servers on one PostgreSQL and one S3 bucket (docs/deploy.md), as real processes driven in
 * turn, the way a load balancer would: they start together on an empty database (migrations and the
 * first admin once), a member registers, verifies and signs in on different servers, subscribes with
 * a receipt on one, an admin approves on another and opens the receipt on the third (no server keeps
 * a file of its own); a sign-in limit is hammered across all three; restarted together, the three announce
 * each overdue instalment once; a block ends the member's session on every server; a change made on one
 * is answered by every server at once; and a server killed
 * in the middle of an approval leaves no trace and the retry on another server applies it once.
 * PostgreSQL only (a race test): the embedded database serves one process.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/database.ts';
import { runOnServer, withDatabase } from '../test/database-url.ts';
import { findInvariantViolations } from '../test/invariants.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { startSmtpCatcher } from '../test/smtp-catcher.ts';
import { multipartBody, sampleFiles, TEST_APP_URL, tokenFromEmail, uniqueEmail } from '../test/test-app.ts';
import { expectStatus, send } from '../test/processes/http.ts';
import { killRemainingServers, startServer, type ServerProcess } from '../test/processes/server-process.ts';

const ADMIN = { email: 'fleet.admin@example.com', password: 'admin-pass-123' };
const MONTHLY = 1000;
/** The default limit of sign-in attempts per email in a window, from all addresses (auth-routes.ts). */
const SIGN_INS_PER_EMAIL = 25;

const serverUrl = process.env.TEST_DATABASE_URL!;
const databaseName = `umrah_fleet_${randomUUID().replace(/-/g, '')}`;
const databaseUrl = withDatabase(serverUrl, databaseName);
const dataDirs: string[] = [];

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let s3: S3TestServer;
let bucket: S3Client;
let db: Database;
let servers: ServerProcess[] = [];

const onServer = (sql: string) => runOnServer(serverUrl, sql);

/** One server of the fleet: the shared database and bucket, a DATA_DIR of its own (that must stay empty of receipts). */
async function startFleetServer(failpoint?: string): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-fleet-'));
  dataDirs.push(dataDir);
  return startServer(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_URL: TEST_APP_URL,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // One proxy in front: the client is the last X-Forwarded-For entry (the hammer test gives each attempt its own).
      TRUST_PROXY: '1',
      ...s3.env,
    },
    failpoint,
  );
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  s3 = await startS3Server();
  bucket = new S3Client(s3.clientConfig);
  // An empty database, not the migrated template: the servers migrate it themselves, together.
  await onServer(`CREATE DATABASE ${databaseName}`);
  db = openPostgres(databaseUrl, { poolSize: 4 });
}, 60_000);

afterAll(async () => {
  killRemainingServers();
  await db?.close();
  await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  bucket?.destroy();
  await s3?.close();
  await smtp?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Member = { id: string; email: string; password: string; token: string };

/** Registers on one server, verifies through the emailed link on the next, signs in on the third. */
async function signUp([registerOn, verifyOn, signInOn]: ServerProcess[]): Promise<Member> {
  const email = uniqueEmail('fleet');
  const password = 'secret-pass-1';
  await expectStatus(201, registerOn, 'POST', '/api/auth/register', { json: { name: 'Fleet Member', email, password } });
  const token = await waitFor(`the verification email to ${email}`, async () => {
    const mail = smtp.received.find((m) => m.to.includes(email) && m.text.includes('/verify-email?token='));
    return mail && tokenFromEmail(mail.text, '/verify-email');
  });
  await expectStatus(200, verifyOn, 'GET', `/api/auth/verify-email?token=${token}`);
  const login = await expectStatus(200, signInOn, 'POST', '/api/auth/login', { json: { email, password } });
  return { id: login.user.id, email, password, token: login.token };
}

const receiptForm = (fields: Record<string, string>) => multipartBody(fields, { name: 'receipt.png', type: 'image/png', data: sampleFiles.png });

async function bucketKeys(): Promise<string[]> {
  const { Contents } = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (Contents ?? []).map((object) => object.Key!);
}

describe('three servers on one PostgreSQL and one S3 bucket', () => {
  let adminToken: string;
  let planId: string;
  let groupId: string;
  let bankAccountId: string;
  let member: Member;

  it('start together on an empty database: migrated once, one first admin', async () => {
    servers = await Promise.all([startFleetServer(), startFleetServer(), startFleetServer()]);
    const migrationFiles = fs.readdirSync(path.resolve(import.meta.dirname, '../db/migrations')).filter((name) => name.endsWith('.sql'));
    const { rows: applied } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(applied[0].n).toBe(migrationFiles.length);
    const { rows: admins } = await db.query<{ email: string }>(`SELECT email FROM users WHERE role = 'ADMIN'`);
    expect(admins).toEqual([{ email: ADMIN.email }]);
  });

  it('take a member from registration to an approved plan across all three, with the receipt in the bucket', async () => {
    const [a, b, c] = servers;
    adminToken = (await expectStatus(200, a, 'POST', '/api/auth/login', { json: ADMIN })).token;
    const asAdmin = { token: adminToken };
    bankAccountId = (
      await expectStatus(201, b, 'POST', '/api/bank-accounts', { ...asAdmin, json: { accountName: 'Committee', accountNumber: '1234', bankName: 'UBL', accountType: 'Current' } })
    ).bankAccount.id;
    planId = (
      await expectStatus(201, c, 'POST', '/api/committee-plans', { ...asAdmin, json: { name: 'Fleet plan', monthlyAmount: MONTHLY, duration: 3, totalAmount: 3 * MONTHLY, maxMembers: 10 } })
    ).plan.id;
    // January to March 2026: months in the past, so the restart below finds instalments overdue.
    groupId = (
      await expectStatus(201, a, 'POST', '/api/admin/groups/create', { ...asAdmin, json: { planId, groupName: 'Fleet group', maxMembers: 10, startDate: '2026-01-01' } })
    ).group.id;

    member = await signUp([a, b, c]);
    const paymentId = (await expectStatus(201, a, 'POST', '/api/payments/subscribe', { token: member.token, form: receiptForm({ planId, amount: String(MONTHLY), bankAccountId }) })).payment
      .id as string;

    // The admin reviews on the second server: the link it signs opens on the third.
    const review = await expectStatus(200, b, 'GET', `/api/plan-payments/${paymentId}`, asAdmin);
    const link = (review.payment ?? review.data.payment).receiptUrl as string;
    expect(link).toMatch(/^\/api\/receipts\/[0-9a-f-]{36}\/file\?/);
    const opened = await fetch(`${c.url}${link}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    const served = Buffer.from(await opened.arrayBuffer());

    const { rows } = await db.query<{ storage_key: string }>('SELECT r.storage_key FROM payments p JOIN receipts r ON r.id = p.receipt_id WHERE p.id = $1', [paymentId]);
    expect(await bucketKeys()).toContain(rows[0].storage_key);
    const { Body } = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: rows[0].storage_key }));
    expect(served.equals(Buffer.from(await Body!.transformToByteArray()))).toBe(true);
    // No server kept a copy of its own.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'receipts')) ? fs.readdirSync(path.join(dir, 'receipts')) : []).toEqual([]);

    await expectStatus(200, c, 'PUT', `/api/plan-payments/${paymentId}/approve`, { ...asAdmin, json: { groupId } });
    const { rows: seats } = await db.query('SELECT 1 FROM group_members WHERE user_id = $1 AND group_id = $2', [member.id, groupId]);
    expect(seats).toHaveLength(1);
    expect(await findInvariantViolations(db)).toEqual([]);
  });

  it("restarted together (with the member's January to March now past), record each overdue instalment once and tell of them only by the one notice sent on joining", async () => {
    await Promise.all(servers.map((server) => server.stop()));
    const mailedBefore = smtp.received.length;
    servers = await Promise.all([startFleetServer(), startFleetServer(), startFleetServer()]);
    // Each server runs the overdue check as it starts; February and March (January was paid with the
    // plan) are recorded overdue.
    const overdue = await waitFor('the overdue check', async () => {
      const { rows } = await db.query<{ id: string; status: string }>(
        `SELECT p.id, p.status FROM payments p WHERE p.type = 'INSTALMENT' AND p.user_id = $1 AND p.overdue_notified_at IS NOT NULL`,
        [member.id],
      );
      return rows.length === 2 ? rows : undefined;
    });
    expect(overdue.map((p) => p.status)).toEqual(['OVERDUE', 'OVERDUE']);

    // Whatever any server queued is sent before counting.
    await waitFor('the mail queue to empty', async () => {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status = 'PENDING'`);
      return rows[0].n === 0 ? true : undefined;
    });
    // The member was told of the two months once, when the admin placed them in the group; none of
    // the three servers announced them again.
    const { rows: notices } = await db.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM notifications WHERE user_id = $1 AND type IN ('MONTHS_OWED_ON_JOINING', 'INSTALMENT_OVERDUE') GROUP BY 1`,
      [member.id],
    );
    expect(notices).toEqual([{ type: 'MONTHS_OWED_ON_JOINING', n: 1 }]);
    const { rows: joiningMails } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND subject = 'Months owed from before you joined'`, [
      member.email,
    ]);
    expect(joiningMails[0].n).toBe(1);
    expect(smtp.received.slice(mailedBefore).filter((mail) => /Subject: Payment overdue/.test(mail.raw))).toEqual([]);
    expect(await findInvariantViolations(db)).toEqual([]);
  });

  it('count one sign-in limit across all three: no more wrong passwords get through than the limit allows', async () => {
    // The member's own sign-in above counted as one attempt of this window.
    const left = SIGN_INS_PER_EMAIL - 1;
    const answers = await Promise.all(
      Array.from({ length: left + 20 }, (_, i) =>
        fetch(`${servers[i % 3].url}/api/auth/login`, {
          method: 'POST',
          // Each attempt from its own address, as the proxy reports it.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.20.${Math.floor(i / 200)}.${(i % 200) + 1}` },
          body: JSON.stringify({ email: member.email, password: 'wrong-password' }),
        }).then((response) => response.status),
      ),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(left);
    expect(answers.filter((status) => status === 429)).toHaveLength(20);
    // The owner too is refused for this window, on every server: the lock-out is not reset by trying another.
    for (const server of servers) expect((await send(server, 'POST', '/api/auth/login', { json: { email: member.email, password: member.password } })).status).toBe(429);
  });

  it('end a blocked member session on every server', async () => {
    const [a, b, c] = servers;
    const blocked = await signUp([b, c, a]);
    // Each server has read (and cached) the session.
    for (const server of servers) await expectStatus(200, server, 'GET', '/api/auth/me', { token: blocked.token });
    await expectStatus(200, a, 'PUT', `/api/admin/users/${blocked.id}/block`, { token: adminToken, json: { isBlocked: true, reason: 'Fleet test' } });
    expect((await send(a, 'GET', '/api/auth/me', { token: blocked.token })).status).toBe(401);
    // The others hear of it by notification, one network trip after the commit (decision 017).
    for (const server of [b, c]) {
      await waitFor('the block to reach another server', async () => ((await send(server, 'GET', '/api/auth/me', { token: blocked.token })).status === 401 ? true : undefined), 2000);
    }
  });

  it('answer a change made on one server from every server at once: no server keeps an answer of its own', async () => {
    const [a, b, c] = servers;
    const renamed = await signUp([c, a, b]);
    const nameOn = async (server: ServerProcess) => (await expectStatus(200, server, 'GET', '/api/profile', { token: renamed.token })).data.user.name as string;
    // Each server has read the profile, twice.
    for (const server of servers) for (let read = 0; read < 2; read++) expect(await nameOn(server)).toBe('Fleet Member');
    await expectStatus(200, a, 'PUT', '/api/profile', { token: renamed.token, json: { name: 'Fleet Renamed', email: renamed.email, phone: '', cnic: '' } });
    expect(await nameOn(a)).toBe('Fleet Renamed');
    // The others read it from the database, the moment the change is committed (decision 048).
    for (const server of [b, c]) expect(await nameOn(server)).toBe('Fleet Renamed');
  });

  it('survive a server killed in the middle of an approval: nothing half done, and the retry on another server applies it once', async () => {
    const [a, b] = servers;
    const applicant = await signUp([a, b, a]);
    const paymentId = (await expectStatus(201, b, 'POST', '/api/payments/subscribe', { token: applicant.token, form: receiptForm({ planId, amount: String(MONTHLY), bankAccountId }) }))
      .payment.id as string;
    // The third server is replaced by one that dies inside the approval's transaction, before it commits.
    await servers[2].stop();
    servers[2] = await startFleetServer('plan-approve:before-commit');
    const dying = servers[2];
    await expect(send(dying, 'PUT', `/api/plan-payments/${paymentId}/approve`, { token: adminToken, json: { groupId } })).rejects.toThrow();
    expect((await dying.exited).signal).toBe('SIGKILL');
    expect(await findInvariantViolations(db)).toEqual([]);
    const { rows: before } = await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [paymentId]);
    expect(before[0].status).toBe('PENDING');

    await expectStatus(200, a, 'PUT', `/api/plan-payments/${paymentId}/approve`, { token: adminToken, json: { groupId } });
    const { rows: seats } = await db.query('SELECT 1 FROM group_members WHERE user_id = $1', [applicant.id]);
    expect(seats).toHaveLength(1);
    expect(await findInvariantViolations(db)).toEqual([]);
  });
});

/**
 * The one-click unsubscribe of the reminder emails (RFC 8058, RFC 2369): the link and the headers each
 * reminder carries, the POST that turns the emails off with no session (and the next reminder job then
 * emails nobody who did), the page a GET shows without changing anything, and the links that are not
 * the server's. A reminder also goes through a real SMTP server: both parts and both headers arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { businessDayOf } from '../figures/figures.ts';
import { MailWorker } from '../mail/outbox.ts';
import { createMailTransport } from '../mail/transport.ts';
import { startSmtpCatcher } from '../test/smtp-catcher.ts';
import { multipartBody, openTestFile, signInAdmin, signUpMember, TEST_APP_URL } from '../test/test-app.ts';
import { sendDueReminders } from './reminder-service.ts';
import { loadUnsubscribeKey, unsubscribeToken } from './unsubscribe-links.ts';

const { ctx, api } = await openTestFile();
type Member = Awaited<ReturnType<typeof signUpMember>>;
let aisha: Member;
let bilal: Member;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const on = (date: string) => businessDayOf(new Date(`${date}T12:00:00+05:00`), 10);
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const INVALID = 'reminder.unsubscribeLinkInvalid';

type Outbox = { text_body: string; html_body: string; headers: Record<string, string> };
async function reminderMails(member: Member): Promise<Outbox[]> {
  const { rows } = await ctx.db.query<Outbox>(`SELECT text_body, html_body, headers FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Payment%' ORDER BY created_at, id`, [member.email]);
  return rows;
}
const postForm = (url: string, payload: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const emailReminders = async (member: Member) =>
  (await ctx.db.query<{ email_reminders: boolean }>('SELECT email_reminders FROM users WHERE id = $1', [member.user.id])).rows[0].email_reminders;
const audits = async (member: Member) =>
  (await ctx.db.query<{ actor_id: string; entity_id: string }>(`SELECT actor_id, entity_id FROM audit_log WHERE action = 'REMINDER_EMAILS_OFF' AND entity_id = $1`, [member.user.id])).rows;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const admin = await signInAdmin(ctx);
  const plan = (await api.post('/api/committee-plans', { name: 'Unsubscribe Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'U', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const join = async (name: string) => {
    const m = await signUpMember(ctx, { name });
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId: group.id }, admin.token)).status).toBe(201);
    await ctx.db.query(`UPDATE payments SET status = 'PAID', approved_at = now() WHERE user_id = $1 AND group_id = $2 AND month < 4`, [m.user.id, group.id]);
    return m;
  };
  aisha = await join('Aisha <b>Khan</b>');
  bilal = await join('Bilal Ahmed');
  // 29 March: April's reminder, three days before it is due.
  ctx.setNow('2026-03-29T12:00:00+05:00');
  expect(await sendDueReminders(ctx.db, on('2026-03-29'), TEST_APP_URL)).toEqual({ before: 2, due: 0 });
});
afterAll(async () => {
  await smtp.close();
});

describe('a reminder email', () => {
  it('carries its member’s one-click unsubscribe link in its headers and footer, and escapes the typed name in HTML', async () => {
    const [mail] = await reminderMails(aisha);
    const link = `${TEST_APP_URL}/api/unsubscribe/${unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', aisha.user.id)}`;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': ONE_CLICK });
    expect(mail.text_body).toContain(`Turn off reminder emails with one click: ${link}`);
    expect(mail.html_body).toContain(`<a href="${link}"`);
    expect(mail.text_body).toContain('Assalam-o-Alaikum Aisha <b>Khan</b>,');
    expect(mail.html_body).toContain('Assalam-o-Alaikum Aisha &lt;b&gt;Khan&lt;/b&gt;,');
    expect(mail.html_body).not.toContain('<b>Khan');
  });

  it('arrives over SMTP as multipart/alternative, with the text and HTML parts and both headers', async () => {
    const silent = pino({ level: 'silent' });
    const worker = new MailWorker(ctx.db, createMailTransport({ smtpUrl: smtp.url, from: 'Umrah Committee <no-reply@umrah.test>', logger: silent }), silent);
    await worker.runOnce();
    await worker.stop();
    const received = smtp.received.find((m) => m.to.includes(bilal.email) && m.text.includes('Payment due soon'));
    expect(received).toBeDefined();
    const raw = received!.text;
    expect(raw).toMatch(/Content-Type: multipart\/alternative;/i);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = /^List-Unsubscribe: <(.+)>\r?$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '));
    expect(header?.[1]).toBe(`${TEST_APP_URL}/api/unsubscribe/${unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', bilal.user.id)}`);
  });
});

describe('GET /api/unsubscribe/{token}', () => {
  it('shows a page that asks, with a button that POSTs, and changes nothing', async () => {
    const token = unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', bilal.user.id);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain('<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(res.body).not.toContain(bilal.user.id);
    expect(res.body).toContain('<button type="submit"');
    expect(await emailReminders(bilal)).toBe(true);
    expect(await audits(bilal)).toEqual([]);
  });

  it('answers 404 with its code for a link the server did not make', async () => {
    const res = await api.get('/api/unsubscribe/not-a-token');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(INVALID);
  });
});

describe('POST /api/unsubscribe/{token}', () => {
  it('turns the member’s reminder emails off with no session, audited as their own, and the next reminder job emails them none', async () => {
    const link = /^List-Unsubscribe: <(.+)>$/m.exec(`List-Unsubscribe: ${(await reminderMails(aisha))[0].headers['List-Unsubscribe']}`)![1];
    const res = await postForm(new URL(link).pathname, ONE_CLICK);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 'reminder.emailsOff' });
    expect(await emailReminders(aisha)).toBe(false);
    expect(await audits(aisha)).toEqual([{ actor_id: aisha.user.id, entity_id: aisha.user.id }]);
    // The profile shows it, and lets the member turn them on again.
    expect((await api.get('/api/profile', aisha.token)).body.user.emailReminders).toBe(false);
    // A second click changes nothing more.
    expect((await postForm(new URL(link).pathname, ONE_CLICK)).statusCode).toBe(200);
    expect(await audits(aisha)).toHaveLength(1);

    // 1 April: due now. Aisha is reminded in the app only; Bilal still by email.
    ctx.setNow('2026-04-01T12:00:00+05:00');
    expect(await sendDueReminders(ctx.db, on('2026-04-01'), TEST_APP_URL)).toEqual({ before: 0, due: 2 });
    expect(await reminderMails(aisha)).toHaveLength(1);
    expect(await reminderMails(bilal)).toHaveLength(2);
  });

  it('reads the body as multipart/form-data too, as RFC 8058 asks mail providers to send it', async () => {
    const omar = await signUpMember(ctx, { name: 'Omar Farooq' });
    const token = unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', omar.user.id);
    const form = multipartBody({ 'List-Unsubscribe': 'One-Click' });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(await emailReminders(omar)).toBe(false);
    const wrong = multipartBody({ 'List-Unsubscribe': 'Yes' });
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: wrong.payload, headers: wrong.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('List-Unsubscribe');
    // A file in the form is not what a mail provider sends: refused, and the form never read.
    const withFile = multipartBody({ 'List-Unsubscribe': 'One-Click' }, { name: 'a.txt', type: 'text/plain', data: Buffer.from('x') });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: withFile.payload, headers: withFile.headers })).statusCode).toBe(400);
  });

  it('answers a browser’s form with a page in the member’s language', async () => {
    const sana = await signUpMember(ctx, { name: 'Sana Tariq', language: 'ur' });
    const token = unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', sana.user.id);
    const res = await postForm(`/api/unsubscribe/${token}`, ONE_CLICK, { accept: 'text/html,application/xhtml+xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<html lang="ur" dir="rtl">');
    expect(res.body).toContain('یاد دہانی کی ای میلز بند ہو گئیں۔');
    expect(await emailReminders(sana)).toBe(false);
  });

  it('answers 404 with its code for a forged, altered or other-kind link, or one for no member, and changes nothing', async () => {
    const key = await loadUnsubscribeKey(ctx.db);
    const good = unsubscribeToken(key, 'reminders', bilal.user.id);
    const mac = good.split('.')[2];
    const forged = [
      `reminders.${bilal.user.id}.${mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `reminders.${bilal.user.id}.${unsubscribeToken(Buffer.alloc(32, 7), 'reminders', bilal.user.id).split('.')[2]}`,
      `receipts.${bilal.user.id}.${mac}`,
      `reminders.${aisha.user.id}.${mac}`,
      unsubscribeToken(key, 'reminders', '00000000-0000-4000-8000-000000000000'),
      'reminders',
    ];
    for (const token of forged) {
      const res = await postForm(`/api/unsubscribe/${encodeURIComponent(token)}`, ONE_CLICK);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().code).toBe(INVALID);
    }
    expect(await emailReminders(bilal)).toBe(true);
  });

  it('answers 400 with the field’s error for a body other than List-Unsubscribe=One-Click', async () => {
    const token = unsubscribeToken(await loadUnsubscribeKey(ctx.db), 'reminders', bilal.user.id);
    for (const body of ['List-Unsubscribe=Yes', 'unsubscribe=1']) {
      const res = await postForm(`/api/unsubscribe/${token}`, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().errors).toHaveProperty('List-Unsubscribe');
    }
    const json = await api.post(`/api/unsubscribe/${token}`, {});
    expect(json.status).toBe(400);
    expect(await emailReminders(bilal)).toBe(true);
  });
});

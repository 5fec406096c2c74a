/**
 * Reminders (docs/rules.md "Reminders"), with a clock the test sets: before the due date and on it,
 * once per member, month and kind; in the app always, by email unless the member turned it off; and a
 * group's "send now" with its preview count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '../figures/figures.ts';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { sendDueReminders } from './reminder-service.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
type Member = Awaited<ReturnType<typeof signUpMember>>;
let group: { id: string };
let aisha: Member;
let bilal: Member;
let sana: Member;
let omar: Member;
const APP_URL = 'http://localhost:5173';
const on = (date: string) => businessDayOf(new Date(`${date}T12:00:00+05:00`), 10);

async function reminders(member: Member) {
  const { rows } = await ctx.db.query<{ title: string; message: string; kind: string }>(
    `SELECT title, message, data->>'kind' AS kind FROM notifications WHERE user_id = $1 AND type = 'PAYMENT_REMINDER' ORDER BY created_at, id`,
    [member.user.id],
  );
  return rows;
}
async function reminderEmails(member: Member) {
  const { rows } = await ctx.db.query<{ subject: string }>(`SELECT subject FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Payment%' ORDER BY created_at, id`, [member.email]);
  return rows.map((r) => r.subject);
}

beforeAll(async () => {
  ctx.setNow('2026-03-29T12:00:00+05:00');
  admin = await signInAdmin(ctx);
  const bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  const plan = (await api.post('/api/committee-plans', { name: 'Reminder Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
  group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const join = async (name: string) => {
    const m = await signUpMember(ctx, { name });
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId: group.id }, admin.token)).status).toBe(201);
    // Their months before April are paid, so that only April matters here.
    await ctx.db.query(`UPDATE payments SET status = 'PAID', approved_at = now() WHERE user_id = $1 AND group_id = $2 AND month < 4`, [m.user.id, group.id]);
    return m;
  };
  aisha = await join('Aisha Khan');
  bilal = await join('Bilal Ahmed');
  sana = await join('Sana Tariq');
  omar = await join('Omar Farooq');
  // Bilal turns reminder emails off; Sana's April receipt waits for review; Omar paid April ahead.
  expect((await api.put('/api/profile', { name: 'Bilal Ahmed', email: bilal.email, emailReminders: false }, bilal.token)).status).toBe(200);
  const form = multipartBody({ groupId: group.id, amount: '5000', month: '4', year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  expect((await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${sana.token}` } })).statusCode).toBe(201);
  await ctx.db.query(`UPDATE payments SET status = 'PAID', approved_at = now() WHERE user_id = $1 AND group_id = $2 AND month = 4`, [omar.user.id, group.id]);
});

describe('the reminder job', () => {
  it('reminds three days before and on the due date, once each, in the app and by email unless turned off', async () => {
    // 28 March: April is four days away, beyond the three days set.
    expect(await sendDueReminders(ctx.db, on('2026-03-28'), APP_URL)).toEqual({ before: 0, due: 0 });
    // 29 March: three days before 1 April.
    expect(await sendDueReminders(ctx.db, on('2026-03-29'), APP_URL)).toEqual({ before: 2, due: 0 });
    expect(await reminders(aisha)).toEqual([{ title: 'Payment due soon', message: 'Your payment for April 2026 (PKR 5,000) is due on 1 April 2026.', kind: 'BEFORE' }]);
    expect(await reminderEmails(aisha)).toEqual(['Payment due soon']);
    // Bilal: in the app, not by email.
    expect((await reminders(bilal)).map((r) => r.kind)).toEqual(['BEFORE']);
    expect(await reminderEmails(bilal)).toEqual([]);
    // A receipt under review, or a month paid ahead, owes nothing: no reminder.
    expect(await reminders(sana)).toEqual([]);
    expect(await reminders(omar)).toEqual([]);
    // The next run, the same day or the next, sends nothing again.
    expect(await sendDueReminders(ctx.db, on('2026-03-30'), APP_URL)).toEqual({ before: 0, due: 0 });

    // 1 April: due now, before the grace day.
    expect(await sendDueReminders(ctx.db, on('2026-04-01'), APP_URL)).toEqual({ before: 0, due: 2 });
    expect((await reminders(aisha)).map((r) => [r.kind, r.title])).toEqual([['BEFORE', 'Payment due soon'], ['DUE', 'Payment due']]);
    expect((await reminders(aisha))[1].message).toBe('Your payment for April 2026 (PKR 5,000) is due now. Please pay it by the 10th so that it does not become overdue.');
    expect(await reminderEmails(aisha)).toEqual(['Payment due soon', 'Payment due']);
    expect(await reminderEmails(bilal)).toEqual([]);
    expect(await sendDueReminders(ctx.db, on('2026-04-05'), APP_URL)).toEqual({ before: 0, due: 0 });
    // What was sent is on record, once per instalment and kind.
    const sent = await ctx.db.query<{ kind: string; n: number }>(`SELECT kind, count(*)::int AS n FROM reminders_sent GROUP BY kind ORDER BY kind`);
    // JOINING: January to March, owed and overdue when each of the four joined, told of in one notice each.
    expect(sent.rows).toEqual([{ kind: 'BEFORE', n: 2 }, { kind: 'DUE', n: 2 }, { kind: 'JOINING', n: 12 }]);
  });
});

describe('POST /api/admin/groups/{id}/reminders', () => {
  it('previews how many reminders would go, sends them once per member and month, and then has none left to send', async () => {
    ctx.setNow('2026-04-15T12:00:00+05:00');
    // Aisha and Bilal owe April (overdue now); Sana's waits for review; Omar paid.
    const preview = await api.post(`/api/admin/groups/${group.id}/reminders?dryRun=true`, {}, admin.token);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({ count: 2, members: 2, dryRun: true });
    expect(await ctx.db.query(`SELECT 1 FROM reminders_sent WHERE kind = 'MANUAL'`).then((r) => r.rowCount)).toBe(0);
    const sent = await api.post(`/api/admin/groups/${group.id}/reminders`, {}, admin.token);
    expect(sent.body).toMatchObject({ success: true, message: '2 reminders sent', data: { count: 2, members: 2, dryRun: false } });
    // April is past its grace day: overdue, not due.
    expect((await reminders(aisha)).at(-1)).toEqual({ title: 'Payment reminder', message: 'A reminder from the committee: your payment for April 2026 (PKR 5,000) is overdue. Please pay it as soon as you can.', kind: 'MANUAL' });
    expect(await reminderEmails(bilal)).toEqual([]);
    expect((await api.post(`/api/admin/groups/${group.id}/reminders?dryRun=true`, {}, admin.token)).body.data.count).toBe(0);
    expect((await api.post(`/api/admin/groups/${group.id}/reminders`, {}, admin.token)).body.message).toBe('0 reminders sent');
    const audit = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'REMINDERS_SEND'`, [group.id]);
    expect(audit.rowCount).toBe(2);
  });

  it('refuses an unknown group (404), a bad dryRun (400), no session (401) and a member (403)', async () => {
    expect((await api.post('/api/admin/groups/00000000-0000-4000-8000-000000000000/reminders', {}, admin.token)).status).toBe(404);
    const bad = await api.post(`/api/admin/groups/${group.id}/reminders?dryRun=maybe`, {}, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('dryRun');
    expect((await api.post(`/api/admin/groups/${group.id}/reminders`, {})).status).toBe(401);
    expect((await api.post(`/api/admin/groups/${group.id}/reminders`, {}, aisha.token)).status).toBe(403);
  });
});

describe("reminder settings and the member's choice", () => {
  it('the admin sets the days before (1 to 14), which the job then reads', async () => {
    expect((await api.get('/api/admin/settings/reminders', admin.token)).body.data).toEqual({ daysBefore: 3 });
    for (const daysBefore of [0, 15, 'abc', 2.5]) {
      const res = await api.put('/api/admin/settings/reminders', { daysBefore }, admin.token);
      expect(res.status, String(daysBefore)).toBe(400);
      expect(res.body.errors).toHaveProperty('daysBefore');
    }
    const saved = await api.put('/api/admin/settings/reminders', { daysBefore: 7 }, admin.token);
    expect(saved.body).toMatchObject({ success: true, message: 'Reminder settings saved', data: { daysBefore: 7 } });
    expect((await api.get('/api/admin/settings/reminders', admin.token)).body.data).toEqual({ daysBefore: 7 });
    // Seven days before 1 June is 25 May: May 26 reminds of June, May 24 does not.
    expect((await sendDueReminders(ctx.db, on('2026-05-24'), APP_URL)).before).toBe(0);
    expect((await sendDueReminders(ctx.db, on('2026-05-26'), APP_URL)).before).toBeGreaterThan(0);
    expect((await api.get('/api/admin/settings/reminders', aisha.token)).status).toBe(403);
    expect((await api.put('/api/admin/settings/reminders', { daysBefore: 3 })).status).toBe(401);
    await api.put('/api/admin/settings/reminders', { daysBefore: 3 }, admin.token);
  });

  it('a member turns reminder emails off and on in the profile; a bad value is refused (400)', async () => {
    expect((await api.get('/api/profile', aisha.token)).body.user.emailReminders).toBe(true);
    expect((await api.get('/api/profile', bilal.token)).body.user.emailReminders).toBe(false);
    const bad = await api.put('/api/profile', { name: 'Aisha Khan', email: aisha.email, emailReminders: 'yes' }, aisha.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('emailReminders');
    // Left as it is when not sent.
    expect((await api.put('/api/profile', { name: 'Bilal Ahmed', email: bilal.email }, bilal.token)).body.user.emailReminders).toBe(false);
    expect((await api.put('/api/profile', { name: 'Bilal Ahmed', email: bilal.email, emailReminders: true }, bilal.token)).body.user.emailReminders).toBe(true);
  });
});

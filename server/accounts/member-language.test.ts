/**
 * Each member's language (docs/rules.md "Language"): chosen at registration or on the profile, answered
 * with the user, and the language of their emails and in-app notifications: those the services write
 * and those the overdue and reminder jobs write in SQL. An English member's texts stay as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userMessages } from '../../contract/users.ts';
import { businessDayOf } from '../figures/figures.ts';
import { markOverdueInstalments } from '../instalments/overdue-job.ts';
import { sendDueReminders } from '../reminders/reminder-service.ts';
import { loadUnsubscribeKey, unsubscribeToken } from '../reminders/unsubscribe-links.ts';
import { lastEmailTo, multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember, TEST_APP_URL, uniqueEmail } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
type Member = Awaited<ReturnType<typeof signUpMember>>;

async function outbox(to: string) {
  const { rows } = await ctx.db.query<{ subject: string; text_body: string; html_body: string | null }>(
    'SELECT subject, text_body, html_body FROM email_outbox WHERE to_address = $1 ORDER BY created_at DESC, id DESC',
    [to],
  );
  return rows;
}

async function notifications(member: Member, type: string) {
  const { rows } = await ctx.db.query<{ title: string; message: string; data: Record<string, string> }>(
    'SELECT title, message, data FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY created_at, id',
    [member.user.id, type],
  );
  return rows;
}

describe('registration in Urdu', () => {
  it('sends the verification email in Urdu, with an HTML copy marked right to left', async () => {
    const email = uniqueEmail('urdu');
    const res = await api.post('/api/auth/register', { name: 'Sana Tariq', email, password: 'secret-pass-1', language: 'ur' });
    expect(res.status).toBe(201);
    const [mail] = await outbox(email);
    expect(mail.subject).toBe('اپنے ای میل ایڈریس کی تصدیق کریں');
    expect(mail.text_body).toMatch(/^السلام علیکم،\n\nعمرہ کمیٹی میں خوش آمدید۔ براہِ کرم یہ لنک کھول کر اپنے ای میل ایڈریس کی تصدیق کریں:\n\nلنک کھولیں: http:\/\/umrah\.test\/verify-email\?token=/);
    expect(mail.text_body).toContain('یہ لنک 24 گھنٹے تک کارآمد ہے اور صرف ایک بار کام کرتا ہے۔');
    expect(mail.text_body.endsWith('\n\nعمرہ کمیٹی\n\n-- \nعمرہ کمیٹی\nآپ کو یہ ای میل اس لیے ملی کہ یہ ایڈریس عمرہ کمیٹی پر درج کیا گیا۔')).toBe(true);
    // Nothing of the English version, and no name: the address is not proven yet.
    for (const english of ['Assalam-o-Alaikum', 'Welcome to Umrah Committee', 'Please confirm your email address', 'The link expires', 'Umrah Committee', 'Sana Tariq']) {
      expect(mail.text_body).not.toContain(english);
    }
    expect(mail.html_body).toMatch(/^<!DOCTYPE html>\n<html lang="ur" dir="rtl">/);
    expect(mail.html_body).toContain('<div dir="rtl" lang="ur"');
    expect(mail.html_body).toContain('<p style="margin:0 0 16px">السلام علیکم،</p>');
    expect(mail.html_body).toContain('<a href="http://umrah.test/verify-email?token=');
  });

  it('is stored, and answered by login and /api/auth/me; English when not given', async () => {
    const sana = await signUpMember(ctx, { name: 'Sana Tariq', language: 'ur' });
    const login = await api.post('/api/auth/login', { email: sana.email, password: sana.password });
    expect(login.body.user.language).toBe('ur');
    expect(login.body.data.user.language).toBe('ur');
    const me = await api.get('/api/auth/me', sana.token);
    expect(me.body.user).toMatchObject({ id: sana.user.id, language: 'ur' });
    expect(me.body.data.user.language).toBe('ur');
    expect((await api.get('/api/profile', sana.token)).body.user.language).toBe('ur');

    const bilal = await signUpMember(ctx, { name: 'Bilal Ahmed' });
    expect((await api.get('/api/auth/me', bilal.token)).body.user.language).toBe('en');
    expect((await outbox(bilal.email)).at(-1)!.subject).toBe('Verify your email address');
  });

  it('tells a taken CNIC in the language chosen at registration', async () => {
    await signUpMember(ctx, { cnic: '35202-7654321-9' });
    const email = uniqueEmail('urdu');
    expect((await api.post('/api/auth/register', { name: 'Sana Tariq', email, password: 'secret-pass-1', cnic: '35202-7654321-9', language: 'ur' })).status).toBe(201);
    const [mail] = await outbox(email);
    expect(mail.subject).toBe('آپ کی رجسٹریشن مکمل نہیں ہو سکی');
    expect(mail.text_body).toContain('آپ کا درج کردہ شناختی کارڈ نمبر پہلے ہی کسی دوسرے اکاؤنٹ کے ساتھ رجسٹرڈ ہے۔');
    expect(mail.text_body).not.toContain('CNIC');
  });

  it('refuses a language other than en or ur', async () => {
    const res = await api.post('/api/auth/register', { name: 'Sana Tariq', email: uniqueEmail(), password: 'secret-pass-1', language: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('language');
  });
});

describe('PUT /api/profile/language', () => {
  it('sets the signed-in member’s language and answers the account', async () => {
    const member = await signUpMember(ctx, { name: 'Ayesha Khan' });
    const res = await api.put('/api/profile/language', { language: 'ur' }, member.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: userMessages.languageUpdated, user: { id: member.user.id, name: 'Ayesha Khan', language: 'ur', emailReminders: true } });
    expect(res.body.data.user).toEqual(res.body.user);
    expect((await api.get('/api/auth/me', member.token)).body.user.language).toBe('ur');
    // Back to English, as many times as the member likes: it is not a profile change the limit counts.
    for (let i = 0; i < 12; i++) expect((await api.put('/api/profile/language', { language: i % 2 ? 'ur' : 'en' }, member.token)).status).toBe(200);
    expect((await api.get('/api/profile', member.token)).body.user.language).toBe('ur');
  });

  it('answers 400 with a field error for anything but en or ur, and 401 without a session', async () => {
    const member = await signUpMember(ctx);
    for (const language of ['fr', 'UR', '', null]) {
      const res = await api.put('/api/profile/language', { language }, member.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, errors: { language: 'Please choose English (en) or Urdu (ur).' } });
    }
    expect((await api.put('/api/profile/language', {}, member.token)).body.errors).toHaveProperty('language');
    expect((await api.get('/api/auth/me', member.token)).body.user.language).toBe('en');
    expect((await api.put('/api/profile/language', { language: 'ur' })).status).toBe(401);
  });
});

describe('a member’s emails and notifications', () => {
  const APP = TEST_APP_URL;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let groupId: string;
  let bankAccountId: string;
  let sana: Member;
  let bilal: Member;

  beforeAll(async () => {
    // They join in mid-January: only January is owed then, and it is paid below, so that no month's
    // notice is given on joining and the jobs' notices below are the months the tests drive.
    ctx.setNow('2026-01-15T12:00:00+05:00');
    admin = await signInAdmin(ctx);
    bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '7', bankName: 'Meezan', accountType: 'Current' }, admin.token)).body.bankAccount.id;
    const plan = (await api.post('/api/committee-plans', { name: 'Umrah Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 10 }, admin.token)).body.plan;
    groupId = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 10, startDate: '2026-01-01' }, admin.token)).body.group.id;
    const join = async (name: string, language: 'en' | 'ur') => {
      const m = await signUpMember(ctx, { name, language });
      expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: m.user.id, groupId }, admin.token)).status).toBe(201);
      // January is paid, so that only the months a test drives matter.
      await ctx.db.query(`UPDATE payments SET status = 'PAID', approved_at = now() WHERE user_id = $1 AND group_id = $2 AND month = 1`, [m.user.id, groupId]);
      return m;
    };
    sana = await join('Sana Tariq', 'ur');
    bilal = await join('Bilal Ahmed', 'en');
  });

  it('tells of joining a group in the member’s language', async () => {
    expect(await notifications(sana, 'GROUP_JOINED')).toEqual([
      { title: 'آپ کو گروپ میں شامل کر لیا گیا', message: 'آپ کو \u2068Umrah Plan\u2069 کے گروپ نمبر 1 میں رکن نمبر 1 کے طور پر شامل کر لیا گیا ہے۔', data: { groupId } },
    ]);
    expect((await notifications(bilal, 'GROUP_JOINED'))[0]).toMatchObject({ title: 'Added to a group', message: 'You were added to Umrah Plan, Group 1, as member 2.' });
  });

  it('approves an instalment: Urdu for an Urdu member, the English as before for an English one', async () => {
    const approve = async (member: Member) => {
      const form = multipartBody({ groupId, amount: '5000', month: '2', year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
      const sent = await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
      expect(sent.statusCode).toBe(201);
      const id = sent.json().payment.id as string;
      expect((await api.put(`/api/payments/${id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
      return id;
    };
    const sanaPayment = await approve(sana);
    const bilalPayment = await approve(bilal);

    expect(await lastEmailTo(ctx.db, sana.email)).toEqual({
      subject: 'ادائیگی منظور ہو گئی',
      text_body: `السلام علیکم Sana Tariq،\n\nآپ کی فروری 2026 کی قسط کی ادائیگی منظور ہو گئی ہے۔ جزاک اللہ خیر۔\n\nعمرہ کمیٹی کھولیں: ${APP}/dashboard\n\nعمرہ کمیٹی\n\n-- \nعمرہ کمیٹی\nآپ کو یہ ای میل اس لیے ملی کہ آپ عمرہ کمیٹی کے ممبر ہیں۔`,
    });
    expect(await notifications(sana, 'INSTALMENT_APPROVED')).toEqual([
      { title: 'ادائیگی منظور ہو گئی', message: 'آپ کی فروری 2026 کی قسط کی ادائیگی منظور ہو گئی ہے۔ جزاک اللہ خیر۔', data: { paymentId: sanaPayment } },
    ]);

    expect(await lastEmailTo(ctx.db, bilal.email)).toEqual({
      subject: 'Payment approved',
      text_body: `Assalam-o-Alaikum Bilal Ahmed,\n\nYour payment for February 2026 was approved. JazakAllah khair.\n\nOpen Umrah Committee: ${APP}/dashboard\n\nUmrah Committee\n\n-- \nUmrah Committee\nYou got this email because you are a member of Umrah Committee.`,
    });
    expect(await notifications(bilal, 'INSTALMENT_APPROVED')).toEqual([
      { title: 'Payment approved', message: 'Your payment for February 2026 was approved. JazakAllah khair.', data: { paymentId: bilalPayment } },
    ]);
    // The administrators were told of each receipt in their own language (English here).
    const { rows } = await ctx.db.query<{ message: string }>(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'INSTALMENT_SUBMITTED'`, [admin.user.id]);
    expect(rows.map((r) => r.message)).toEqual(['A member sent the receipt for February 2026, Group 1.', 'A member sent the receipt for February 2026, Group 1.']);
  });

  it('the overdue job writes each member’s notice in their language', async () => {
    // 11 March, after the grace day: March is overdue for both.
    expect(await markOverdueInstalments(ctx.db, { today: '2026-03-11', graceDay: 10 }, APP)).toBe(2);
    expect(await lastEmailTo(ctx.db, sana.email)).toEqual({
      subject: 'قسط تاخیر شدہ',
      text_body: `السلام علیکم Sana Tariq،\n\nآپ کی مارچ 2026 کی قسط تاخیر شدہ ہے۔ براہِ کرم جلد از جلد ادائیگی کر دیں۔\n\nعمرہ کمیٹی کھولیں: ${APP}/dashboard\n\nعمرہ کمیٹی\n\n-- \nعمرہ کمیٹی\nآپ کو یہ ای میل اس لیے ملی کہ آپ عمرہ کمیٹی کے ممبر ہیں۔`,
    });
    expect((await notifications(sana, 'INSTALMENT_OVERDUE')).map(({ title, message }) => ({ title, message }))).toEqual([
      { title: 'قسط تاخیر شدہ', message: 'آپ کی مارچ 2026 کی قسط تاخیر شدہ ہے۔ براہِ کرم جلد از جلد ادائیگی کر دیں۔' },
    ]);
    expect(await lastEmailTo(ctx.db, bilal.email)).toEqual({
      subject: 'Payment overdue',
      text_body: `Assalam-o-Alaikum Bilal Ahmed,\n\nYour payment for March 2026 is overdue. Please pay it as soon as you can.\n\nOpen Umrah Committee: ${APP}/dashboard\n\nUmrah Committee\n\n-- \nUmrah Committee\nYou got this email because you are a member of Umrah Committee.`,
    });
  });

  it('the reminder job writes each member’s reminder in their language', async () => {
    const on = (date: string) => businessDayOf(new Date(`${date}T12:00:00+05:00`), 10);
    // 29 March: April is three days away.
    expect(await sendDueReminders(ctx.db, on('2026-03-29'), APP)).toEqual({ before: 2, due: 0 });
    // The link the job wrote in SQL is the one the server makes and reads in JavaScript.
    const key = await loadUnsubscribeKey(ctx.db);
    const urduMessage = 'آپ کی اپریل 2026 کی قسط (PKR 5,000) کی آخری تاریخ 1 اپریل 2026 ہے۔';
    expect((await notifications(sana, 'PAYMENT_REMINDER')).map(({ title, message }) => ({ title, message }))).toEqual([{ title: 'قسط کی آخری تاریخ قریب ہے', message: urduMessage }]);
    expect(await lastEmailTo(ctx.db, sana.email)).toEqual({
      subject: 'قسط کی آخری تاریخ قریب ہے',
      text_body: `السلام علیکم Sana Tariq،\n\n${urduMessage}\n\nعمرہ کمیٹی کھولیں: ${APP}/dashboard\n\nعمرہ کمیٹی\n\n-- \nعمرہ کمیٹی\nآپ کو یہ ای میل اس لیے ملی کہ آپ کے پروفائل میں قسط کی یاد دہانی کی ای میلز چالو ہیں۔\nایک کلک میں یاد دہانی کی ای میلز بند کریں: ${APP}/api/unsubscribe/${unsubscribeToken(key, 'reminders', sana.user.id)}`,
    });
    expect(await lastEmailTo(ctx.db, bilal.email)).toEqual({
      subject: 'Payment due soon',
      text_body: `Assalam-o-Alaikum Bilal Ahmed,\n\nYour payment for April 2026 (PKR 5,000) is due on 1 April 2026.\n\nOpen Umrah Committee: ${APP}/dashboard\n\nUmrah Committee\n\n-- \nUmrah Committee\nYou got this email because payment reminder emails are on in your profile.\nTurn off reminder emails with one click: ${APP}/api/unsubscribe/${unsubscribeToken(key, 'reminders', bilal.user.id)}`,
    });

    // 1 April: due now, before the grace day.
    expect(await sendDueReminders(ctx.db, on('2026-04-01'), APP)).toEqual({ before: 0, due: 2 });
    expect((await lastEmailTo(ctx.db, sana.email))?.subject).toBe('قسط واجب الادا ہے');
    expect((await notifications(sana, 'PAYMENT_REMINDER')).at(-1)?.message).toBe(
      'آپ کی اپریل 2026 کی قسط (PKR 5,000) اب واجب الادا ہے۔ براہِ کرم 10 تاریخ تک ادائیگی کر دیں تاکہ یہ تاخیر شدہ نہ ہو۔',
    );
  });

  it('follows a change of language at once', async () => {
    expect((await api.put('/api/profile/language', { language: 'ur' }, bilal.token)).status).toBe(200);
    // An admin reminds the group on 2 April: Bilal's March (overdue) and April (owed).
    ctx.setNow('2026-04-02T12:00:00+05:00');
    const res = await api.post(`/api/admin/groups/${groupId}/reminders`, {}, admin.token);
    expect(res.status).toBe(200);
    expect((await notifications(bilal, 'PAYMENT_REMINDER')).filter((n) => n.data.kind === 'MANUAL').map((n) => n.title)).toEqual(['قسط کی یاد دہانی', 'قسط کی یاد دہانی']);
    expect((await lastEmailTo(ctx.db, bilal.email))?.text_body).toMatch(/^السلام علیکم Bilal Ahmed،\n\nکمیٹی کی طرف سے یاد دہانی:/);
  });
});

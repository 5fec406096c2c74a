/**
 * Every kind of email the product sends, in English and in Urdu: its text part and its HTML part as
 * files (__snapshots__/emails/, open the .html ones in a browser to see them), and a reminder's headers.
 * The emails the jobs write in SQL (reminders, overdue notices, group notices) are rendered by the
 * database itself, from the same SQL the jobs run, with a fixed unsubscribe key so that the link is too.
 * A change of words or layout shows here as a changed file, to be read before it is accepted.
 */
import { describe, expect, it } from 'vitest';
import { alreadyRegisteredEmail, cnicTakenEmail, passwordResetEmail, recoveryCodeUsedEmail, verificationEmail } from '../accounts/account-emails.ts';
import { adminSecurityNoticeEmail, ownSecurityNoticeEmail } from '../accounts/security-texts.ts';
import { memberMovedNotice, receiptCorrectedNotice } from '../corrections/correction-texts.ts';
import { overdueEmailSql } from '../instalments/overdue-job.ts';
import { instalmentDecisionNotice } from '../instalments/instalment-texts.ts';
import { notifyGroupMembers } from '../notifications/notify.ts';
import { planApprovedEmail, planApprovedNotice, planRejectedNotice, planRejectedSubject } from '../plan-requests/plan-request-texts.ts';
import { confirmNewEmailEmail, emailInUseNoticeEmail } from '../profile/profile-emails.ts';
import { monthsOwedOnJoiningNotice, monthsOwedOnJoiningSubject, reminderNotice } from '../reminders/reminder-texts.ts';
import { REMINDER_HEADERS_SQL, reminderEmailSql, unsubscribeUrlSql } from '../reminders/reminder-service.ts';
import { hmacPads, unsubscribeToken } from '../reminders/unsubscribe-links.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { cnicClaimedEmail, cnicRemovedNotice } from '../users/cnic-claim-texts.ts';
import { drawCommittedNotice, winnerNotice, winnerSubject } from '../winners/winner-texts.ts';
import { noticeEmail, noticeEmailParts, periodName, type Language } from './layout.ts';
import type { OutgoingEmail } from './transport.ts';

const { ctx, api } = await openTestFile();
const APP = 'https://umrah.example';
const LANGUAGES: Language[] = ['en', 'ur'];
const NAME: Record<Language, string> = { en: 'Bilal Ahmed', ur: 'Sana Tariq' };
const TO = 'member@umrah.example';
const AT = { at: new Date('2026-11-28T10:04:00Z'), device: 'Chrome on Android', ip: '203.0.113.7' };
const MEMBER_ID = '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f';
const KEY = Buffer.alloc(32, 1);

async function expectEmail(kind: string, language: Language, email: { text: string; html?: string }) {
  await expect(email.text).toMatchFileSnapshot(`__snapshots__/emails/${kind}.${language}.txt`);
  expect(email.html, `${kind} has an HTML part`).toBeDefined();
  await expect(email.html).toMatchFileSnapshot(`__snapshots__/emails/${kind}.${language}.html`);
}

/** The emails a request writes, each from its domain's texts. */
const emails: Record<string, (language: Language) => OutgoingEmail> = {
  verification: (l) => verificationEmail(TO, `${APP}/verify-email?token=abc`, l),
  'password-reset': (l) => passwordResetEmail(TO, NAME[l], `${APP}/reset-password?token=abc`, l),
  'already-registered': (l) => alreadyRegisteredEmail(TO, NAME[l], `${APP}/login`, `${APP}/forgot-password`, l),
  'cnic-taken': (l) => cnicTakenEmail(TO, l),
  'recovery-code-used': (l) => recoveryCodeUsedEmail(TO, NAME[l], 7, '203.0.113.7', l),
  'confirm-new-email': (l) => confirmNewEmailEmail('new@umrah.example', `${APP}/verify-email?token=abc`, TO, l),
  'email-in-use': (l) => emailInUseNoticeEmail(TO, NAME[l], `${APP}/login`, l),
  'security-password-changed': (l) => ownSecurityNoticeEmail(TO, NAME[l], { kind: 'passwordChanged' }, AT, l),
  'security-password-set-by-admin': (l) => ownSecurityNoticeEmail(TO, NAME[l], { kind: 'passwordSetByAdmin' }, AT, l),
  'security-admin-role-changed': (l) => adminSecurityNoticeEmail(TO, NAME[l], { kind: 'roleChanged', member: 'Omar Farooq', email: 'omar@umrah.example', from: 'USER', to: 'ADMIN' }, 'Admin User', AT, l),
  'cnic-claimed': (l) => cnicClaimedEmail(TO, NAME[l], `${APP}/login`, l),
  'cnic-removed': (l) => noticeEmail(l, TO, NAME[l], cnicRemovedNotice(l).title, cnicRemovedNotice(l).message, `${APP}/login`),
  'plan-approved': (l) => planApprovedEmail(l, TO, NAME[l], planApprovedNotice(l, 'Gold Plan', 'A1', 4), `${APP}/dashboard?tab=payments`),
  'plan-rejected': (l) => noticeEmail(l, TO, NAME[l], planRejectedSubject[l], planRejectedNotice(l, 'Gold Plan', 'The receipt is not readable.').message, `${APP}/dashboard`),
  'instalment-approved': (l) => {
    const notice = instalmentDecisionNotice(l, 'PAID', periodName(l, 2, 2026));
    return noticeEmail(l, TO, NAME[l], notice.title, notice.message, `${APP}/dashboard`);
  },
  'instalment-rejected': (l) => {
    const notice = instalmentDecisionNotice(l, 'REJECTED', periodName(l, 2, 2026), 'Wrong amount');
    return noticeEmail(l, TO, NAME[l], notice.title, notice.message, `${APP}/dashboard`);
  },
  'receipt-corrected': (l) => {
    const notice = receiptCorrectedNotice(l, { month: 2, year: 2026 }, { month: 3, year: 2026 }, 'PKR 5,000', 'Sent for the wrong month.');
    return noticeEmail(l, TO, NAME[l], notice.title, notice.message, `${APP}/dashboard`);
  },
  'member-moved': (l) => {
    const notice = memberMovedNotice(l, 'A1', 'A2', 'Asked for the other group.');
    return noticeEmail(l, TO, NAME[l], notice.title, notice.message, `${APP}/dashboard`);
  },
  winner: (l) => noticeEmail(l, TO, NAME[l], winnerSubject[l], winnerNotice(l, 'Gold Plan', 'A1', periodName(l, 3, 2026)).message, `${APP}/dashboard`),
  'months-owed-on-joining': (l) => {
    const notice = monthsOwedOnJoiningNotice(l, {
      planName: 'Gold Plan',
      groupNumber: 'A1',
      startPeriod: periodName(l, 1, 2026),
      count: 3,
      firstPeriod: periodName(l, 2, 2026),
      lastPeriod: periodName(l, 4, 2026),
      amount: 'PKR 15,000',
      overdueCount: 2,
    });
    return noticeEmail(l, TO, NAME[l], monthsOwedOnJoiningSubject[l], notice.message, `${APP}/dashboard?tab=payments`);
  },
};

describe('the emails a request writes', () => {
  for (const [kind, email] of Object.entries(emails)) {
    it.each(LANGUAGES)(`${kind} (%s)`, async (language) => expectEmail(kind, language, email(language)));
  }
});

describe('the emails the jobs write in SQL', () => {
  it.each(LANGUAGES)('a payment reminder, with its headers (%s)', async (language) => {
    const [inner, outer] = hmacPads(KEY);
    const message = reminderNotice(language, 'BEFORE', 10).message.replace('{period}', periodName(language, 4, 2026)).replace('{amount}', 'PKR 5,000').replace('{dueOn}', language === 'ur' ? '1 اپریل 2026' : '1 April 2026');
    const { rows } = await ctx.db.query<{ text: string; html: string; headers: Record<string, string> }>(
      `SELECT ${reminderEmailSql('text')} AS text, ${reminderEmailSql('html')} AS html, ${REMINDER_HEADERS_SQL} AS headers
       FROM (SELECT language, name, message, ${unsubscribeUrlSql('user_id', { inner: '$2::bytea', outer: '$3::bytea' })} AS unsubscribe_url
             FROM (VALUES ($4::text, $5::text, $6::text, $7::uuid)) AS v(language, name, message, user_id)) AS payload`,
      [APP, inner, outer, language, NAME[language], message, MEMBER_ID],
    );
    await expectEmail('reminder', language, rows[0]);
    expect(rows[0].headers).toMatchSnapshot('headers');
  });

  it.each(LANGUAGES)('is the layout JavaScript renders, a typed name escaped the same way (%s)', async (language) => {
    const [inner, outer] = hmacPads(KEY);
    const name = `O'Brien <b>"Khan"</b> & Sons`;
    const { rows } = await ctx.db.query<{ text: string; html: string; url: string }>(
      `SELECT ${reminderEmailSql('text')} AS text, ${reminderEmailSql('html')} AS html, unsubscribe_url AS url
       FROM (SELECT language, name, message, ${unsubscribeUrlSql('user_id', { inner: '$2::bytea', outer: '$3::bytea' })} AS unsubscribe_url
             FROM (VALUES ($4::text, $5::text, 'A message <i>with</i> markup', $6::uuid)) AS v(language, name, message, user_id)) AS payload`,
      [APP, inner, outer, language, name, MEMBER_ID],
    );
    expect(rows[0].url).toBe(`${APP}/api/unsubscribe/${unsubscribeToken(KEY, 'reminders', MEMBER_ID)}`);
    const rendered = noticeEmailParts(language, name, 'A message <i>with</i> markup', `${APP}/dashboard`, { reason: 'reminder', unsubscribeUrl: rows[0].url });
    expect({ text: rows[0].text, html: rows[0].html }).toEqual(rendered);
    expect(rendered.html).toContain('O&#39;Brien &lt;b&gt;&quot;Khan&quot;&lt;/b&gt; &amp; Sons');
  });

  it.each(LANGUAGES)('an overdue notice (%s)', async (language) => {
    const { rows } = await ctx.db.query<{ text: string; html: string }>(
      `SELECT ${overdueEmailSql('text')} AS text, ${overdueEmailSql('html')} AS html FROM (VALUES ($2::text, $3::text, 3, 2026)) AS announced(language, name, month, year)`,
      [APP, language, NAME[language]],
    );
    await expectEmail('overdue', language, rows[0]);
  });

  it('a notice to every member of a group (a draw committed), each in their own language', async () => {
    const admin = await signInAdmin(ctx);
    const plan = (await api.post('/api/committee-plans', { name: 'Snapshot Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
    const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'S', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
    const members = {} as Record<Language, Awaited<ReturnType<typeof signUpMember>>>;
    for (const language of LANGUAGES) {
      members[language] = await signUpMember(ctx, { name: NAME[language], language });
      expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: members[language].user.id, groupId: group.id }, admin.token)).status).toBe(201);
    }
    const draw = { planName: 'Gold Plan', groupNumber: 'A1', commitment: 'c0ffee', entrants: ['Bilal Ahmed', 'Sana Tariq'], drawableAt: new Date('2026-03-02T07:00:00Z') };
    const told = await notifyGroupMembers(ctx.db, group.id, { type: 'DRAW_COMMITTED', text: (l) => drawCommittedNotice(l, { ...draw, period: periodName(l, 3, 2026) }) }, `${APP}/dashboard`);
    expect(told).toBe(2);
    for (const language of LANGUAGES) {
      const { rows } = await ctx.db.query<{ text: string; html: string }>(
        `SELECT text_body AS text, html_body AS html FROM email_outbox WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [members[language].email],
      );
      await expectEmail('group-notice', language, rows[0]);
    }
  });
});

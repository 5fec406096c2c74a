/**
 * Statements as PDF: read back with pdf-lib, they hold the member's instalments and the totals built
 * here from the scenario (RULES §6a), never by calling the product's own module.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { pdfText } from '../test/pdf-text.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
ctx.setNow('2026-03-31T12:00:00+05:00');

type Member = Awaited<ReturnType<typeof signUpMember>>;
let plan: { id: string };
let group: { id: string; groupNumber: string };
let aisha: Member;
let bilal: Member;

async function approvedMember(name: string, planId: string, groupId: string) {
  const member = await signUpMember(ctx, { name, phone: '03001234567' });
  const id = (await api.post('/api/plan-payments', { planId, amount: 5000 }, member.token)).body.data.payment.id;
  await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token);
  expect((await api.put(`/api/plan-payments/${id}/approve`, { groupId }, admin.token)).status).toBe(200);
  return member;
}

async function receipt(member: Member, month: number, decision: { status: 'paid' } | { status: 'rejected'; reason: string }) {
  const form = multipartBody({ groupId: group.id, amount: '5000', month: String(month), year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  expect((await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } })).statusCode).toBe(201);
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = $3`, [member.user.id, group.id, month]);
  expect((await api.put(`/api/payments/${rows[0].id}/status`, decision, admin.token)).status).toBe(200);
}

/** GETs a PDF and reads it back: its text with line breaks as spaces. */
async function statement(url: string, token?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json(), text: '' };
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-03-31.pdf"');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await pdfText(new Uint8Array(res.rawPayload));
  return { status: 200, body: null, text: text.replace(/\n/g, ' ') };
}

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  plan = (await api.post('/api/committee-plans', { name: 'Statement Plan', monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
  group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  aisha = await approvedMember('Aisha Khan', plan.id, group.id);
  bilal = await approvedMember('Bilal Ahmed', plan.id, group.id);
  // Aisha: January settled by the purchase, February paid, March refused (overdue on 31 March).
  await receipt(aisha, 2, { status: 'paid' });
  await receipt(aisha, 3, { status: 'rejected', reason: 'Wrong account' });
  // January's prize to Aisha, paid.
  const won = await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: group.groupNumber, month: 1, year: 2026, userId: aisha.user.id }, admin.token);
  expect((await api.put(`/api/winners/${won.body.winner.id}/status`, { status: 'paid' }, admin.token)).status).toBe(200);
});

describe('a statement', () => {
  it("of one group holds the member's details, every instalment with its state, their totals and the group's", async () => {
    const { status, text } = await statement(`/api/committee-plans/user/groups/${group.id}/statement.pdf`, aisha.token);
    expect(status).toBe(200);
    for (const line of ['Umrah Committee', 'Name: Aisha Khan', `Email: ${aisha.email}`, 'Phone: 03001234567', `Statement Plan, Group ${group.groupNumber}`]) expect(text).toContain(line);
    // Six months, each with its state on 31 March.
    for (const [month, state] of [['January 2026', 'Paid'], ['February 2026', 'Paid'], ['March 2026', 'Overdue'], ['April 2026', 'Scheduled'], ['May 2026', 'Scheduled'], ['June 2026', 'Scheduled']]) {
      expect(text).toMatch(new RegExp(`${month} 2026-\\d\\d-01 PKR 5,000 ${state}`));
    }
    // Paid 10,000 (January and February); owed and overdue 5,000 (March); remaining 20,000 (March to June).
    expect(text).toContain('Your totals: paid PKR 10,000; owed PKR 5,000 (of which overdue PKR 5,000); remaining PKR 20,000.');
    // The group: Aisha's 10,000 and Bilal's January, 15,000; the prize of 30,000 paid out; 15,000 short.
    expect(text).toContain('collected PKR 15,000; paid out to winners PKR 30,000; held PKR -15,000.');
    // Nothing of another member.
    expect(text).not.toContain('Bilal');
  });

  it("of all the member's groups, and any member's for the admin (one group with groupId)", async () => {
    const second = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G2', maxMembers: 50, startDate: '2026-03-01' }, admin.token)).body.group;
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: bilal.user.id, groupId: second.id }, admin.token)).status).toBe(201);
    const all = await statement('/api/payments/statement.pdf', bilal.token);
    expect(all.text).toContain(`Statement Plan, Group ${group.groupNumber}`);
    expect(all.text).toContain(`Statement Plan, Group ${second.groupNumber}`);
    expect(all.text).toContain('Active groups: 2.');
    const byAdmin = await statement(`/api/admin/users/${bilal.user.id}/statement.pdf?groupId=${second.id}`, admin.token);
    expect(byAdmin.text).toContain('Name: Bilal Ahmed');
    expect(byAdmin.text).toContain(`Statement Plan, Group ${second.groupNumber}`);
    expect(byAdmin.text).not.toContain(`Statement Plan, Group ${group.groupNumber} `);
    const outsider = await signUpMember(ctx, { name: 'Omar Farooq' });
    const empty = await statement('/api/payments/statement.pdf', outsider.token);
    expect(empty.text).toContain('No groups yet.');
  });

  it("is refused for another member's group (404), without a session (401), to a member on the admin route (403), and for a malformed id (400)", async () => {
    const outsider = await signUpMember(ctx, { name: 'Omar Farooq' });
    const other = await statement(`/api/committee-plans/user/groups/${group.id}/statement.pdf`, outsider.token);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, message: 'Group not found.' });
    expect((await statement(`/api/committee-plans/user/groups/not-a-uuid/statement.pdf`, aisha.token)).status).toBe(404);
    expect((await statement(`/api/committee-plans/user/groups/${group.id}/statement.pdf`)).status).toBe(401);
    expect((await statement('/api/payments/statement.pdf')).status).toBe(401);
    expect((await statement(`/api/admin/users/${aisha.user.id}/statement.pdf`, bilal.token)).status).toBe(403);
    expect((await statement(`/api/admin/users/00000000-0000-4000-8000-000000000000/statement.pdf`, admin.token)).status).toBe(404);
    expect((await statement(`/api/admin/users/${aisha.user.id}/statement.pdf?groupId=${'0'.repeat(8)}-0000-4000-8000-000000000000`, admin.token)).status).toBe(404);
    const long = await statement(`/api/committee-plans/user/groups/${'x'.repeat(101)}/statement.pdf`, aisha.token);
    expect(long.status).toBe(400);
    expect(long.body.errors).toHaveProperty('groupId');
  });
});

describe('a statement of a member moved to another group', () => {
  it('lists the old group as moved on its day, with no months or totals of its own, and counts only the new group as active', async () => {
    const member = await approvedMember('Hina Malik', plan.id, group.id);
    const next = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G3', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
    const moved = await api.post(`/api/admin/groups/${group.id}/members/${member.user.id}/move`, { toGroupId: next.id, reason: 'Asked for the other group.' }, admin.token);
    expect(moved.status).toBe(200);
    // The day of the move in Pakistan, as the statement writes dates: worked out here from the clock the database keeps.
    const movedAt = (await ctx.db.query<{ left_at: Date }>('SELECT left_at FROM group_members WHERE group_id = $1 AND user_id = $2', [group.id, member.user.id])).rows[0].left_at;
    const movedOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(movedAt);

    const { text } = await statement('/api/payments/statement.pdf', member.token);
    expect(text).toContain('Active groups: 1.');
    const [oldPart, newPart] = [text.indexOf(`Statement Plan, Group ${group.groupNumber} `), text.indexOf(`Statement Plan, Group ${next.groupNumber} `)];
    expect(oldPart).toBeGreaterThan(-1);
    expect(newPart).toBeGreaterThan(-1);
    const oldGroup = text.slice(oldPart, newPart > oldPart ? newPart : undefined);
    expect(oldGroup).toContain(`Status: moved on ${movedOn} to Group ${next.groupNumber} of this plan; your months moved with you and are listed there.`);
    expect(oldGroup).not.toContain('Status: active.');
    expect(oldGroup).not.toContain('Your totals');
    const newGroup = text.slice(newPart, newPart > oldPart ? undefined : oldPart);
    expect(newGroup).toContain('Status: active.');
    // January, settled by the request, came with the member: paid 5,000 in the new group.
    expect(newGroup).toContain('Your totals: paid PKR 5,000;');
  });
});

describe('an English statement of a member whose name is in Urdu', () => {
  it('writes the name in Nastaliq inside the English line, copied in reading order', async () => {
    await ctx.db.query(`UPDATE users SET name = 'فائزہ خان' WHERE id = $1`, [bilal.user.id]);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/users/${bilal.user.id}/statement.pdf`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.statusCode).toBe(200);
      const { text, fonts } = await pdfText(new Uint8Array(res.rawPayload));
      expect(text.split('\n')).toContain('Name: فائزہ خان');
      expect(text).toContain(`Email: ${bilal.email}`);
      expect(text).toContain('Statement of instalments');
      expect(fonts.some((name) => /^[A-Z]{6}\+NotoNastaliqUrdu-Regular$/.test(name))).toBe(true);
    } finally {
      await ctx.db.query(`UPDATE users SET name = 'Bilal Ahmed' WHERE id = $1`, [bilal.user.id]);
    }
  });
});

describe('an Urdu member’s statement', () => {
  it('is in Urdu, right to left in Nastaliq, with amounts, dates and numbers in Western digits, whoever downloads it', async () => {
    await ctx.db.query(`UPDATE users SET language = 'ur' WHERE id = $1`, [aisha.user.id]);
    try {
      for (const [url, token] of [[`/api/committee-plans/user/groups/${group.id}/statement.pdf`, aisha.token], [`/api/admin/users/${aisha.user.id}/statement.pdf`, admin.token]] as const) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(200);
        const { text, spans, fonts } = await pdfText(new Uint8Array(res.rawPayload));
        const lines = text.split('\n');
        expect(fonts.some((name) => /^[A-Z]{6}\+NotoNastaliqUrdu-Regular$/.test(name))).toBe(true);
        for (const line of ['عمرہ کمیٹی', 'اقساط کا گوشوارہ', 'رکن', 'نام: Aisha Khan', `ای میل: ${aisha.email}`, 'فون نمبر: 03001234567', `Statement Plan، گروپ نمبر ${group.groupNumber}`,
          'مہینہ', 'آخری تاریخ', 'رقم', 'حیثیت', 'ادائیگی کی تاریخ', 'جنوری 2026', 'مارچ 2026', 'جون 2026']) {
          expect(lines).toContain(line);
        }
        // The table reads right to left: month, due date, amount, status (the glossary's words).
        expect(text).toContain('جنوری 2026\n2026-01-01\nPKR 5,000\nادا شدہ');
        expect(text).toContain('مارچ 2026\n2026-03-01\nPKR 5,000\nتاخیر شدہ');
        expect(text).toContain('اپریل 2026\n2026-04-01\nPKR 5,000\nآئندہ');
        expect(lines).toContain('آپ کا حساب: ادا شدہ PKR 10,000؛ واجب الادا PKR 5,000، جس میں تاخیر شدہ PKR 5,000؛ باقی PKR 20,000۔');
        expect(lines).toContain('گروپ اب تک: وصول شدہ PKR 15,000؛ فاتحین کو ادا شدہ PKR 30,000؛ گروپ کے پاس موجود رقم PKR -15,000۔');
        expect(text).not.toMatch(/January|Paid|Statement of instalments/);
        // Drawn right to left: the leftmost glyph of "عمرہ کمیٹی" is its last letter, the rightmost its first.
        const title = spans.find((s) => s.actual === 'عمرہ کمیٹی')!.glyphs.filter(Boolean);
        expect(title[0]).toBe('ی');
        expect(title.at(-1)).toBe('ع');
      }
    } finally {
      await ctx.db.query(`UPDATE users SET language = 'en' WHERE id = $1`, [aisha.user.id]);
    }
  });
});

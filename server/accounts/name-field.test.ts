/**
 * A name is shown to admins and written into emails: line breaks, links, text reordering and hidden
 * characters are refused where a name is given (register, one's own profile, an admin's edit);
 * names in Urdu and with simple punctuation pass. A name someone typed never reaches an inbox not
 * proven to be theirs.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../contract/accounts.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, uniqueEmail, type ApiResponse } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

const refused: [string, string][] = [
  ['a line feed', 'Ali\nKhan'],
  ['a carriage return', 'Ali\r\nKhan'],
  ['a tab', 'Ali\tKhan'],
  ['another control character', 'Ali\u0007Khan'],
  ['a right-to-left override', 'Ali \u202Efdp.exe'],
  ['a left-to-right embedding', 'Ali \u202AKhan'],
  ['a bidi isolate', 'Ali \u2067Khan\u2069'],
  ['a zero-width space', 'Ali\u200BKhan'],
  ['a zero-width joiner', 'Ali\u200DKhan'],
  ['a word joiner', 'Ali\u2060Khan'],
  ['a byte order mark inside', 'Ali\uFEFFKhan'],
  ['an http link', 'Ali http://evil.example'],
  ['an https link', 'Visit https://evil.example now'],
  ['a www address', 'Ali www.evil.example'],
  ['another scheme', 'Ali ftp://evil.example'],
  ['a link in capitals', 'HTTPS://EVIL.EXAMPLE'],
];

const accepted = ['محمد علی', "Aisha O'Brien-Khan", 'Dr. Fatima Zahra', 'عائشہ بی بی', 'Jean-Luc Picard Jr.'];

const expectNameRefused = (res: ApiResponse) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, errors: { name: accountMessages.nameInvalid } });
};

describe('register', () => {
  it.each(refused)('refuses a name with %s (400 on name), and no account is made', async (_kind, name) => {
    const email = uniqueEmail('badname');
    expectNameRefused(await api.post('/api/auth/register', { name, email, password: 'secret-pass-1' }));
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
  });

  it.each(accepted)('takes %j as it is', async (name) => {
    const member = await signUpMember(ctx, { name });
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [member.user.id]);
    expect(rows[0].name).toBe(name);
  });
});

describe('PUT /api/profile', () => {
  it.each(refused)('refuses a name with %s (400 on name), and the name stays', async (_kind, name) => {
    const member = await signUpMember(ctx, { name: 'Stays Same' });
    expectNameRefused(await api.put('/api/profile', { name, email: member.email }, member.token));
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [member.user.id]);
    expect(rows[0].name).toBe('Stays Same');
  });

  it.each(accepted)('takes %j', async (name) => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile', { name, email: member.email }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe(name);
  });
});

describe("an admin's edit of a user", () => {
  it('refuses a name with a link or a line break, and takes an Urdu name', async () => {
    const admin = await signInAdmin(ctx);
    const member = await signUpMember(ctx);
    for (const name of ['Ali www.evil.example', 'Ali\nKhan']) {
      expectNameRefused(await api.put(`/api/users/${member.user.id}`, { name, email: member.email, role: 'USER' }, admin.token));
    }
    const ok = await api.put(`/api/users/${member.user.id}`, { name: 'محمد علی', email: member.email, role: 'USER' }, admin.token);
    expect(ok.status).toBe(200);
  });
});

describe('emails to an address not proven to be the name-giver’s', () => {
  it('the verification email of a registration carries no name', async () => {
    const email = uniqueEmail('victim');
    expect((await api.post('/api/auth/register', { name: 'Prize Winner Call Now', email, password: 'secret-pass-1' })).status).toBe(201);
    const mail = (await lastEmailTo(ctx.db, email))!;
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.text_body).not.toContain('Prize Winner');
    expect(mail.text_body.startsWith('Assalam-o-Alaikum,')).toBe(true);
  });

  it('the email about a taken CNIC carries no name', async () => {
    await signUpMember(ctx, { cnic: '4210112345671' });
    const email = uniqueEmail('victim');
    expect((await api.post('/api/auth/register', { name: 'Prize Winner Call Now', email, cnic: '4210112345671', password: 'secret-pass-1' })).status).toBe(201);
    const mail = (await lastEmailTo(ctx.db, email))!;
    expect(mail.subject).toBe('Your registration was not completed');
    expect(mail.text_body).not.toContain('Prize Winner');
  });

  it("the confirmation sent to a new email address carries no name", async () => {
    const member = await signUpMember(ctx, { name: 'Prize Winner Call Now' });
    const newEmail = uniqueEmail('victim');
    expect((await api.put('/api/profile', { name: 'Prize Winner Call Now', email: newEmail, currentPassword: member.password }, member.token)).status).toBe(200);
    const mail = (await lastEmailTo(ctx.db, newEmail))!;
    expect(mail.subject).toBe('Confirm your new email address');
    expect(mail.text_body).not.toContain('Prize Winner');
  });
});

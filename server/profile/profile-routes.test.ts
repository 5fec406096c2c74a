/**
 * The signed-in user's own profile (admin document §2 Profile; RULES §3): name, phone and CNIC change
 * at once; a new email only once the link sent to it is opened; a password change needs the current
 * password and ends every other session.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages, authMessages } from '../../contract/accounts.ts';
import { userMessages } from '../../contract/users.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember, tokenFromEmail, uniqueEmail } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

async function stored(userId: string) {
  const { rows } = await ctx.db.query<{ name: string; email: string; phone: string | null; cnic: string | null; role: string; cnic_claim: string | null; cnic_claimed_at: Date | null }>(
    'SELECT name, email, phone, cnic, role, cnic_claim, cnic_claimed_at FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

const login = (email: string, password: string) => api.post('/api/auth/login', { email, password });

describe('GET /api/profile', () => {
  it("shows the caller's own account, without secrets", async () => {
    const member = await signUpMember(ctx, { name: 'Ayesha Khan', phone: '+92 300 1234567', cnic: '35202-1234567-1' });
    const res = await api.get('/api/profile', member.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.user.id, name: 'Ayesha Khan', email: member.email, phone: '+92 300 1234567', cnic: '3520212345671', role: 'USER', emailVerified: true });
    expect(res.body.data.user).toEqual(res.body.user);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);

    const admin = await signInAdmin(ctx);
    expect((await api.get('/api/profile', admin.token)).body.user).toMatchObject({ id: admin.user.id, role: 'ADMIN' });
    expect((await api.get('/api/profile')).status).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('changes name, phone and CNIC at once, the CNIC as 13 digits', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile', { name: '  Bilal Ahmed ', email: member.email, phone: '0321-5551234', cnic: '42101 7654321 3' }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(userMessages.profileUpdated);
    expect(res.body.data.emailChangePending).toBe(false);
    expect(res.body.user).toMatchObject({ name: 'Bilal Ahmed', email: member.email, phone: '0321-5551234', cnic: '4210176543213' });
    expect(await stored(member.user.id)).toEqual({ name: 'Bilal Ahmed', email: member.email, phone: '0321-5551234', cnic: '4210176543213', role: 'USER', cnic_claim: null, cnic_claimed_at: null });
    expect((await api.get('/api/profile', member.token)).body.user).toMatchObject({ name: 'Bilal Ahmed', cnic: '4210176543213' });

    // Empty optional fields clear them.
    const cleared = await api.put('/api/profile', { name: 'Bilal Ahmed', email: member.email, phone: '', cnic: null }, member.token);
    expect(cleared.status).toBe(200);
    expect(await stored(member.user.id)).toMatchObject({ phone: null, cnic: null });
  });

  it('ignores a role in the body: nobody promotes themselves', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile', { name: 'Sneaky', email: member.email, role: 'ADMIN', isBlocked: false }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('USER');
    expect((await stored(member.user.id)).role).toBe('USER');
    expect((await api.get('/api/admin/users', member.token)).status).toBe(403);
  });

  it("holds another account's CNIC for an administrator: answered as saved, stored as held, the holder's untouched", async () => {
    const holder = await signUpMember(ctx, { cnic: '1730112345671' });
    const member = await signUpMember(ctx, { name: 'Keeps Name' });
    const res = await api.put('/api/profile', { name: 'New Name', email: member.email, cnic: '17301-1234567-1' }, member.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 'user.profileUpdated', user: { name: 'New Name', cnic: '1730112345671' } });
    expect(await stored(member.user.id)).toMatchObject({ name: 'New Name', cnic: null, cnic_claim: '1730112345671' });
    expect(await stored(holder.user.id)).toMatchObject({ cnic: '1730112345671', cnic_claim: null });
    // Clearing the CNIC, or giving another, ends the hold.
    expect((await api.put('/api/profile', { name: 'New Name', email: member.email, cnic: '' }, member.token)).body.user.cnic).toBeNull();
    expect(await stored(member.user.id)).toMatchObject({ cnic: null, cnic_claim: null, cnic_claimed_at: null });
  });

  it('checks the body: 400 with one error per field', async () => {
    const member = await signUpMember(ctx);
    const res = await api.put('/api/profile', { name: '', email: 'nope', phone: 'call me', cnic: '123' }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: accountMessages.nameRequired, email: accountMessages.emailInvalid, phone: accountMessages.phoneInvalid, cnic: accountMessages.cnicInvalid });
    expect((await api.put('/api/profile', {}, member.token)).status).toBe(400);
    expect((await api.put('/api/profile', { name: 'x', email: uniqueEmail() })).status).toBe(401);
  });
});

describe('changing the email', () => {
  it('is confirmed by a link sent to the new address; until then the old email stays; the link works once', async () => {
    const member = await signUpMember(ctx, { name: 'Mover' });
    const newEmail = uniqueEmail('moved');
    const res = await api.put('/api/profile', { name: 'Mover', email: newEmail.toUpperCase(), currentPassword: member.password }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${userMessages.profileUpdated} ${userMessages.emailChangeSent}`);
    expect(res.body.data.emailChangePending).toBe(true);
    expect(res.body.user.email).toBe(member.email);
    expect((await stored(member.user.id)).email).toBe(member.email);

    const mail = await lastEmailTo(ctx.db, newEmail);
    expect(mail?.subject).toBe('Confirm your new email address');
    expect(mail!.text_body).toContain(member.email);
    const token = tokenFromEmail(mail!.text_body, '/verify-email');

    // Not yet: the new address does not sign in, the old one does.
    expect((await login(newEmail, member.password)).status).toBe(401);
    expect((await login(member.email, member.password)).status).toBe(200);

    const opened = await api.get(`/api/auth/verify-email?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.success).toBe(true);
    expect((await stored(member.user.id)).email).toBe(newEmail);
    expect((await api.get('/api/profile', member.token)).body.user).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await login(newEmail, member.password)).status).toBe(200);
    const old = await login(member.email, member.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(authMessages.invalidCredentials);

    const twice = await api.get(`/api/auth/verify-email?token=${token}`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(authMessages.verificationInvalid);
    expect((await stored(member.user.id)).email).toBe(newEmail);
  });

  it('a newer request replaces the earlier link; an expired link does nothing', async () => {
    const member = await signUpMember(ctx);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await api.put('/api/profile', { name: 'Test Member', email: first, currentPassword: member.password }, member.token)).status).toBe(200);
    const firstToken = tokenFromEmail((await lastEmailTo(ctx.db, first))!.text_body, '/verify-email');
    expect((await api.put('/api/profile', { name: 'Test Member', email: second, currentPassword: member.password }, member.token)).status).toBe(200);
    const secondToken = tokenFromEmail((await lastEmailTo(ctx.db, second))!.text_body, '/verify-email');

    expect((await api.get(`/api/auth/verify-email?token=${firstToken}`)).status).toBe(400);
    expect((await stored(member.user.id)).email).toBe(member.email);

    // The second link, past its 24 hours.
    await ctx.db.query(`UPDATE user_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND purpose = 'CHANGE_EMAIL' AND used_at IS NULL`, [member.user.id]);
    expect((await api.get(`/api/auth/verify-email?token=${secondToken}`)).status).toBe(400);
    expect((await stored(member.user.id)).email).toBe(member.email);
  });

  it("answers an address another account has as any new address, and sends its owner a notice without a link", async () => {
    const owner = await signUpMember(ctx, { name: 'Owner Person' });
    const member = await signUpMember(ctx, { name: 'Asking Member' });
    const mailsToOwner = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1', [owner.email])).rows[0].n;
    const before = await mailsToOwner();
    const res = await api.put('/api/profile', { name: 'Changed Too', email: owner.email.toUpperCase(), currentPassword: member.password }, member.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${userMessages.profileUpdated} ${userMessages.emailChangeSent}`);
    expect(res.body.data.emailChangePending).toBe(true);
    // The owner is told, with no link that could move the address and nothing of who asked.
    expect(await mailsToOwner()).toBe(before + 1);
    const notice = (await lastEmailTo(ctx.db, owner.email))!;
    expect(notice.subject).toBe('Someone tried to use your email address');
    expect(notice.text_body).toContain('Owner Person');
    expect(notice.text_body).not.toMatch(/verify-email|Asking Member|Changed Too/);
    expect(notice.text_body).not.toContain(member.email);
    expect(await ctx.db.query(`SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = 'CHANGE_EMAIL' AND used_at IS NULL`, [member.user.id])).toMatchObject({ rowCount: 0 });
    // Nothing moves: the address stays the owner's, the member keeps theirs; the name changes as in any edit.
    expect(await stored(member.user.id)).toMatchObject({ email: member.email, name: 'Changed Too' });
    expect((await stored(owner.user.id)).email).toBe(owner.email);
  });

  it('refuses the link (409) when the address was taken by someone else after it was sent', async () => {
    const member = await signUpMember(ctx);
    const wanted = uniqueEmail('wanted');
    expect((await api.put('/api/profile', { name: 'Test Member', email: wanted, currentPassword: member.password }, member.token)).status).toBe(200);
    const token = tokenFromEmail((await lastEmailTo(ctx.db, wanted))!.text_body, '/verify-email');
    const squatter = await signUpMember(ctx, { email: wanted });
    const res = await api.get(`/api/auth/verify-email?token=${token}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(authMessages.emailTaken);
    expect((await stored(member.user.id)).email).toBe(member.email);
    expect((await stored(squatter.user.id)).email).toBe(wanted);
  });
});

describe('PUT /api/profile/password', () => {
  it('refuses a wrong current password, a mismatched confirmation and a short new password (400)', async () => {
    const member = await signUpMember(ctx);
    const wrong = await api.put('/api/profile/password', { currentPassword: 'not-my-password', newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }, member.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, message: userMessages.currentPasswordWrong, errors: { currentPassword: userMessages.currentPasswordWrong } });
    const mismatch = await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-2' }, member.token);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe(accountMessages.passwordsDoNotMatch);
    const short = await api.put('/api/profile/password', { currentPassword: member.password, newPassword: '12345', confirmPassword: '12345' }, member.token);
    expect(short.status).toBe(400);
    expect(short.body.errors.newPassword).toBe(accountMessages.passwordTooShort);
    const missing = await api.put('/api/profile/password', { newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' }, member.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.currentPassword).toBe(accountMessages.passwordRequired);
    // Still the old password.
    expect((await login(member.email, member.password)).status).toBe(200);
    expect((await login(member.email, 'fresh-pass-1')).status).toBe(401);
    expect((await api.put('/api/profile/password', { currentPassword: 'x', newPassword: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' })).status).toBe(401);
  });

  it("keeps the calling session, ends the user's other sessions, and only the new password logs in", async () => {
    const member = await signUpMember(ctx);
    const otherDevice = await login(member.email, member.password);
    const bystander = await signUpMember(ctx);
    expect((await api.get('/api/profile', otherDevice.body.token)).status).toBe(200);

    const res = await api.put('/api/profile/password', { currentPassword: member.password, newPassword: 'changed-pass-9', confirmPassword: 'changed-pass-9' }, member.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'user.passwordChanged', message: userMessages.passwordChanged });

    expect((await api.get('/api/profile', member.token)).status).toBe(200);
    expect((await api.get('/api/profile', otherDevice.body.token)).status).toBe(401);
    const sessions = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [member.user.id]);
    expect(sessions.rows[0].n).toBe(1);
    // Someone else's session is untouched.
    expect((await api.get('/api/profile', bystander.token)).status).toBe(200);

    const old = await login(member.email, member.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(authMessages.invalidCredentials);
    expect((await login(member.email, 'changed-pass-9')).status).toBe(200);
    const hash = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [member.user.id]);
    expect(hash.rows[0].password_hash).toMatch(/^\$argon2id\$/);
  });
});

/**
 * Two-factor recovery codes through the real routes on a real database: handed out when two-factor is
 * turned on and on request; each works once at sign-in in place of an authenticator code; a new set
 * replaces the old; stored hashed; audited and told (in the app and by email) when used; refused with
 * 409 without two-factor. Simultaneous use is in recovery-codes.race.test.ts (PostgreSQL only).
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { authMessages, RECOVERY_CODE_COUNT, recoveryCodesAnswer, twoFactorEnableAnswer, twoFactorMessages, twoFactorSetupAnswer } from '../../contract/accounts.ts';
import { lastEmailTo, openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';
import { hashRecoveryCode } from './recovery-codes.ts';

const { ctx, api } = await openTestFile();

const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const login = (email: string, password: string, code?: string) => api.post('/api/auth/login', { email, password, code });

/** An admin with two-factor on, and the recovery codes the enable answer handed out. */
async function adminWithTwoFactor() {
  const admin = await signInAdmin(ctx);
  const setup = await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer });
  const secret = setup.body.secret;
  const enabled = await api.post('/api/auth/two-factor/enable', { code: await codeFor(secret), currentPassword: admin.password }, admin.token, { answer: twoFactorEnableAnswer });
  expect(enabled.status).toBe(200);
  return { ...admin, secret, codes: enabled.body.recoveryCodes ?? [], enabled };
}

async function storedCodes(userId: string) {
  const { rows } = await ctx.db.query<{ code_hash: string; used_at: Date | null }>('SELECT code_hash, used_at FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  return rows;
}

describe('recovery codes', () => {
  it('come with turning two-factor on: ten of them, XXXXX-XXXXX, different, beside the fields that were there', async () => {
    const admin = await adminWithTwoFactor();
    expect(admin.enabled.body).toMatchObject({ success: true, message: twoFactorMessages.enabled, twoFactor: { enabled: true, pending: false } });
    expect(admin.enabled.body.data.twoFactor).toEqual(admin.enabled.body.twoFactor);
    expect(admin.enabled.body.data.recoveryCodes).toEqual(admin.codes);
    expect(admin.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(admin.codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of admin.codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    // Never answered again: the status route does not carry them.
    expect(JSON.stringify((await api.get('/api/auth/two-factor', admin.token)).body)).not.toContain(admin.codes[0]);
  });

  it('are stored hashed: no stored value is a code', async () => {
    const admin = await adminWithTwoFactor();
    const stored = await storedCodes(admin.user.id);
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const plain = new Set(admin.codes.flatMap((code) => [code, code.replace('-', '')]));
    for (const row of stored) {
      expect(plain.has(row.code_hash)).toBe(false);
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.used_at).toBeNull();
    }
    expect(stored.map((row) => row.code_hash).sort()).toEqual(admin.codes.map((code) => hashRecoveryCode(admin.user.id, code)).sort());
    const leaked = await ctx.db.query(`SELECT 1 FROM audit_log WHERE coalesce(before_data::text, '') || coalesce(after_data::text, '') LIKE $1`, [`%${admin.codes[0].slice(0, 5)}%`]);
    expect(leaked.rowCount).toBe(0);
  });

  it('sign in once in place of an authenticator code, never twice; audited and told in the app and by email', async () => {
    const admin = await adminWithTwoFactor();
    const [code, other] = admin.codes;

    const signedIn = await login(admin.email, admin.password, code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ success: true, message: authMessages.loggedIn, user: { email: admin.email } });
    expect((await api.get('/api/auth/me', signedIn.body.token)).status).toBe(200);

    const again = await login(admin.email, admin.password, code);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeInvalid, twoFactorRequired: true });
    // Typed as people type: lower case, spaces, no dash.
    const typed = other.toLowerCase().replace('-', ' ');
    expect((await login(admin.email, admin.password, typed)).status).toBe(200);
    expect((await login(admin.email, admin.password, other)).status).toBe(401);

    const stored = await storedCodes(admin.user.id);
    expect(stored.filter((row) => row.used_at !== null)).toHaveLength(2);

    const audit = await ctx.db.query<{ action: string; actor_id: string; after_data: { unusedRecoveryCodes: number } }>(
      `SELECT action, actor_id, after_data FROM audit_log WHERE entity_id = $1 AND action = 'TWO_FACTOR_RECOVERY_CODE_USED' ORDER BY created_at, id`,
      [admin.user.id],
    );
    expect(audit.rows.map((row) => [row.actor_id, row.after_data.unusedRecoveryCodes])).toEqual([
      [admin.user.id, RECOVERY_CODE_COUNT - 1],
      [admin.user.id, RECOVERY_CODE_COUNT - 2],
    ]);
    const told = await ctx.db.query<{ type: string; message: string }>(`SELECT type, message FROM notifications WHERE user_id = $1 AND type = 'RECOVERY_CODE_USED'`, [admin.user.id]);
    expect(told.rowCount).toBe(2);
    const mail = await lastEmailTo(ctx.db, admin.email);
    expect(mail?.subject).toBe('A recovery code was used to sign in');
    expect(mail?.text_body).toContain(`${RECOVERY_CODE_COUNT - 2} unused recovery codes left`);
    expect(mail?.text_body).not.toContain(other);
  });

  it('a wrong recovery code is refused like a wrong authenticator code, and uses nothing up', async () => {
    const admin = await adminWithTwoFactor();
    const wrong = admin.codes[0].startsWith('A') ? 'BBBBB-BBBBB' : 'AAAAA-AAAAA';
    const refused = await login(admin.email, admin.password, wrong);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.codeInvalid, twoFactorRequired: true });
    // A right code with a wrong password is not used up.
    expect((await login(admin.email, 'not-the-password', admin.codes[0])).status).toBe(401);
    expect((await storedCodes(admin.user.id)).every((row) => row.used_at === null)).toBe(true);
    // Another admin's code is not this admin's.
    const other = await adminWithTwoFactor();
    expect((await login(admin.email, admin.password, other.codes[0])).status).toBe(401);
  });

  it('a new set replaces the old one: old codes, used or not, stop working', async () => {
    const admin = await adminWithTwoFactor();
    expect((await login(admin.email, admin.password, admin.codes[0])).status).toBe(200);

    // The enabling code's step is used: the proof is a code of the next step (accepted one step either side).
    const renewed = await api.post('/api/auth/two-factor/recovery-codes', { currentPassword: admin.password, code: await codeFor(admin.secret, 1) }, admin.token, { answer: recoveryCodesAnswer });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toEqual({
      success: true,
      code: 'twoFactor.recoveryCodesCreated',
      message: twoFactorMessages.recoveryCodesCreated,
      recoveryCodes: expect.any(Array),
      data: { recoveryCodes: renewed.body.recoveryCodes },
    });
    const fresh = renewed.body.recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((code) => admin.codes.includes(code))).toEqual([]);
    expect(await storedCodes(admin.user.id)).toHaveLength(RECOVERY_CODE_COUNT);

    for (const old of admin.codes.slice(0, 3)) expect((await login(admin.email, admin.password, old)).status).toBe(401);
    expect((await login(admin.email, admin.password, fresh[0])).status).toBe(200);

    const audit = await ctx.db.query<{ before_data: unknown; after_data: unknown }>(
      `SELECT before_data, after_data FROM audit_log WHERE entity_id = $1 AND action = 'TWO_FACTOR_RECOVERY_CODES'`,
      [admin.user.id],
    );
    expect(audit.rows).toEqual([{ before_data: { unusedRecoveryCodes: RECOVERY_CODE_COUNT - 1 }, after_data: { unusedRecoveryCodes: RECOVERY_CODE_COUNT } }]);
  });

  it('are refused (409) to a member, and to an admin without two-factor on; nothing is stored', async () => {
    const member = await signUpMember(ctx);
    const refused = await api.post('/api/auth/two-factor/recovery-codes', { currentPassword: member.password }, member.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, code: expect.any(String), message: twoFactorMessages.recoveryCodesNeedTwoFactor });
    expect(await storedCodes(member.user.id)).toEqual([]);

    const admin = await signInAdmin(ctx);
    expect((await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token)).status).toBe(200);
    expect((await api.post('/api/auth/two-factor/recovery-codes', { currentPassword: admin.password }, admin.token)).status).toBe(409);
    expect(await storedCodes(admin.user.id)).toEqual([]);

    expect((await api.post('/api/auth/two-factor/recovery-codes', { currentPassword: admin.password })).status).toBe(401);
  });

  it('are deleted when two-factor is turned off, and then no sign-in takes one', async () => {
    const admin = await adminWithTwoFactor();
    // The enabling code's step is used; wait for none: turn off with a code of the next step.
    const nextCode = await generate({ secret: admin.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const off = await api.post('/api/auth/two-factor/disable', { password: admin.password, code: nextCode }, admin.token);
    expect(off.status).toBe(200);
    expect(await storedCodes(admin.user.id)).toEqual([]);
    // With two-factor off the code is not asked for (and ignored).
    expect((await login(admin.email, admin.password, admin.codes[0])).status).toBe(200);
  });

  it('refuses a code field that is neither 6 digits nor a recovery code (400)', async () => {
    const admin = await adminWithTwoFactor();
    for (const code of ['ABCDE-FGHJ', 'ABCDE-FGHJKL', 'ABCDE-FGHI1', '12345']) {
      const res = await login(admin.email, admin.password, code);
      expect(res.status, code).toBe(400);
      expect(res.body.errors).toEqual({ code: twoFactorMessages.codeRequired });
    }
  });
});

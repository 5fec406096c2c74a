/**
 * One recovery code sent by several sign-ins at the same moment, on PostgreSQL (separate connections,
 * as several browsers' would be): exactly one signs in, the others are refused, and the code is used once.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorEnableAnswer, twoFactorMessages, twoFactorSetupAnswer } from '../../contract/accounts.ts';
import { createTestContext, signInAdmin, socketClient, type ApiClient, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
});
afterAll(() => ctx.close());

const PARALLEL = 6;

describe('one recovery code used at once', () => {
  it.each([1, 2, 3])('signs in exactly once (round %i)', async () => {
    const admin = await signInAdmin(ctx);
    const secret = (await api.post('/api/auth/two-factor/setup', { currentPassword: admin.password }, admin.token, { answer: twoFactorSetupAnswer })).body.secret;
    const enabled = await api.post('/api/auth/two-factor/enable', { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }), currentPassword: admin.password }, admin.token, { answer: twoFactorEnableAnswer });
    expect(enabled.status).toBe(200);
    const code = (enabled.body.recoveryCodes ?? [])[0];

    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => api.post('/api/auth/login', { email: admin.email, password: admin.password, code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(PARALLEL - 1).fill(401)]);
    for (const refused of answers.filter((a) => a.status === 401)) expect(refused.body.message).toBe(twoFactorMessages.codeInvalid);

    const used = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL', [admin.user.id]);
    expect(used.rows[0].count).toBe(1);
    const audited = await ctx.db.query(`SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'TWO_FACTOR_RECOVERY_CODE_USED'`, [admin.user.id]);
    expect(audited.rowCount).toBe(1);
    // The session the admin enabled it from, and the one winner.
    const sessions = await ctx.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE user_id = $1', [admin.user.id]);
    expect(sessions.rows[0].count).toBe(2);
  });
});

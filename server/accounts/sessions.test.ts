/**
 * The signed-in person's own sessions: the list (theirs only, the current one marked, never a token)
 * and signing out every other one (their next request is 401 at once, through the session cache;
 * this one stays).
 */
import { describe, expect, it } from 'vitest';
import { sessionMessages, sessionsAnswer } from '../../contract/accounts.ts';
import { createSession, describeUserAgent } from './sessions.ts';
import { hashToken } from './secrets.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

const chromeOnAndroid = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Signs in again, as from another device: the new session's token. */
async function anotherDevice(email: string, password: string, userAgent = chromeOnAndroid): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { token: string }).token;
}

describe('GET /api/auth/sessions', () => {
  it("lists the caller's own sessions, the current one first and marked, with device and address; never a token", async () => {
    const member = await signUpMember(ctx);
    const phone = await anotherDevice(member.email, member.password);
    const stranger = await signUpMember(ctx);

    const res = await api.get('/api/auth/sessions', member.token, { answer: sessionsAnswer });
    expect(res.status).toBe(200);
    const { sessions } = res.body;
    expect(res.body.data).toEqual({ sessions });
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // This device first, though the other signed in later.
    expect(sessions[0].current).toBe(true);
    const { rows } = await ctx.db.query<{ id: string; token_hash: string }>('SELECT id, token_hash FROM sessions WHERE user_id = $1', [member.user.id]);
    expect(sessions.map((s) => s.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const current = sessions.find((s) => s.current)!;
    expect(rows.find((r) => r.id === current.id)!.token_hash).toBe(hashToken(member.token));

    const onPhone = sessions.find((s) => !s.current)!;
    expect(onPhone).toMatchObject({ browser: 'Chrome', os: 'Android', userAgent: chromeOnAndroid, ip: '127.0.0.1' });
    expect(Date.parse(onPhone.createdAt)).not.toBeNaN();
    expect(Date.parse(onPhone.expiresAt)).toBeGreaterThan(Date.now());

    const text = JSON.stringify(res.body);
    for (const secret of [member.token, phone, hashToken(member.token), hashToken(phone), ...rows.map((r) => r.token_hash)]) expect(text).not.toContain(secret);
    // Another member sees only their own.
    const theirs = await api.get('/api/auth/sessions', stranger.token);
    expect(theirs.body.sessions).toHaveLength(1);
    expect(theirs.body.sessions[0]).toMatchObject({ current: true });
    expect(JSON.stringify(theirs.body)).not.toContain(onPhone.id);
  });

  it('cuts a long user agent short, and leaves out expired sessions', async () => {
    const member = await signUpMember(ctx);
    await createSession(ctx.db, member.user.id, 1, { userAgent: `Firefox/128.0 ${'x'.repeat(250)}` });
    await ctx.db.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() - interval '1 minute')`, [member.user.id, hashToken('expired-session-token')]);
    const { sessions } = (await api.get('/api/auth/sessions', member.token, { answer: sessionsAnswer })).body;
    expect(sessions).toHaveLength(2);
    const long = sessions.find((s) => s.browser === 'Firefox')!;
    expect(long.userAgent!.length).toBeLessThanOrEqual(120);
  });

  it('needs a session (401)', async () => {
    expect((await api.get('/api/auth/sessions')).status).toBe(401);
    expect((await api.delete('/api/auth/sessions/others')).status).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/others', () => {
  it('ends every other session of the caller at once (their next request is 401), keeps this one and other people’s', async () => {
    const admin = await signInAdmin(ctx);
    const laptop = await anotherDevice(admin.email, admin.password, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0');
    const phone = await anotherDevice(admin.email, admin.password);
    const member = await signUpMember(ctx);
    // Each is read once, so that the session cache holds them.
    for (const token of [admin.token, laptop, phone, member.token]) expect((await api.get('/api/auth/me', token)).status).toBe(200);

    const res = await api.delete('/api/auth/sessions/others', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'session.othersSignedOut', message: sessionMessages.othersSignedOut, count: 2, data: { count: 2 } });

    expect((await api.get('/api/auth/me', laptop)).status).toBe(401);
    expect((await api.get('/api/auth/me', phone)).status).toBe(401);
    expect((await api.get('/api/auth/me', admin.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', member.token)).status).toBe(200);
    const list = await api.get('/api/auth/sessions', admin.token);
    expect(list.body.sessions).toEqual([expect.objectContaining({ current: true })]);

    const audit = await ctx.db.query<{ after_data: unknown }>(`SELECT after_data FROM audit_log WHERE entity_id = $1 AND action = 'SESSIONS_SIGN_OUT_OTHERS'`, [admin.user.id]);
    expect(audit.rows).toEqual([{ after_data: { endedSessions: 2 } }]);

    // Nothing else to end: 0, and no audit row.
    const again = await api.delete('/api/auth/sessions/others', admin.token);
    expect(again.body).toMatchObject({ success: true, count: 0 });
    expect((await ctx.db.query(`SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'SESSIONS_SIGN_OUT_OTHERS'`, [admin.user.id])).rowCount).toBe(1);
  });

  it('works for members too', async () => {
    const member = await signUpMember(ctx);
    const other = await anotherDevice(member.email, member.password);
    expect((await api.delete('/api/auth/sessions/others', member.token)).body.count).toBe(1);
    expect((await api.get('/api/auth/me', other)).status).toBe(401);
    expect((await api.get('/api/auth/me', member.token)).status).toBe(200);
  });
});

describe('describeUserAgent', () => {
  it.each([
    [chromeOnAndroid, 'Chrome', 'Android', 'Google Pixel 8'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android', 'Samsung SM-S911B'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', 'Apple iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'Windows', null],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'macOS', 'Apple Macintosh'],
    ['Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android', 'Samsung SM-A536B'],
    ['curl/8.5.0', null, null, null],
  ])('%s', (ua, browser, os, device) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os, device });
  });
  it('knows nothing of a missing one', () => expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: null }));
});

/**
 * Account answers never tell whether an email has an account (ASVS V6.3): login, register, forgot
 * and resend answer with the same status and body, after the same work; and throttling slows an
 * attacker without locking the real owner out for good.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../contract/accounts.ts';
import { passwordWorkChannel } from '../accounts/secrets.ts';
import { createTestContext, openTestFile, signUpMember, uniqueEmail } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let member: Awaited<ReturnType<typeof signUpMember>>;
let unverifiedEmail: string;

beforeAll(async () => {
  member = await signUpMember(ctx);
  unverifiedEmail = uniqueEmail('unverified');
  expect((await api.post('/api/auth/register', { name: 'Not Yet', email: unverifiedEmail, password: 'secret-pass-1' })).status).toBe(201);
});

/** The argon2id runs ('hash', 'verify') that one call made. */
async function passwordWorkOf(call: () => Promise<unknown>): Promise<string[]> {
  const runs: string[] = [];
  const listen = (kind: unknown) => runs.push(String(kind));
  passwordWorkChannel.subscribe(listen);
  try {
    await call();
  } finally {
    passwordWorkChannel.unsubscribe(listen);
  }
  return runs;
}

/**
 * The two variants answer after the same work: the same password hashing, counted exactly (the cost
 * that would give the answer away), and about the same time by the clock, alternately measured nine
 * times each. The clock bound is loose (a busy machine is noisy); it fails when one side waits for
 * something slow the other does not, such as a mail server.
 */
async function expectSameWork(known: () => Promise<unknown>, unknown: () => Promise<unknown>, passwordWork: string[]) {
  // The first unknown email prepares the stand-in hash it is checked against: done before counting.
  await unknown();
  expect(await passwordWorkOf(known), 'password work for a known email').toEqual(passwordWork);
  expect(await passwordWorkOf(unknown), 'password work for an unknown email').toEqual(passwordWork);

  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < 9; i++) {
    for (const [call, values] of [[known, times.known], [unknown, times.unknown]] as const) {
      const started = performance.now();
      await call();
      values.push(performance.now() - started);
    }
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const [a, b] = [median(times.known), median(times.unknown)];
  expect(Math.abs(a - b), `median ${a.toFixed(1)} ms for a known email, ${b.toFixed(1)} ms for an unknown one`).toBeLessThan(Math.max(25, Math.min(a, b)));
}

describe('the same answer whether or not an account exists', () => {
  it('login: an unknown email and a wrong password', async () => {
    const wrongPassword = await api.post('/api/auth/login', { email: member.email, password: 'not-the-password' });
    const unknownEmail = await api.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not-the-password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({ success: false, code: expect.any(String), message: authMessages.invalidCredentials });
    await expectSameWork(
      () => api.post('/api/auth/login', { email: member.email, password: 'not-the-password' }),
      () => api.post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not-the-password' }),
      ['verify'],
    );
  });

  it('register: a taken email and a new one', async () => {
    const taken = await api.post('/api/auth/register', { name: 'Copy Cat', email: member.email, password: 'secret-pass-1' });
    const fresh = await api.post('/api/auth/register', { name: 'New Person', email: uniqueEmail('new'), password: 'secret-pass-1' });
    expect(fresh.status).toBe(201);
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    await expectSameWork(
      () => api.post('/api/auth/register', { name: 'Copy Cat', email: member.email, password: 'secret-pass-1' }),
      () => api.post('/api/auth/register', { name: 'New Person', email: uniqueEmail('new'), password: 'secret-pass-1' }),
      ['hash'],
    );
  });

  it('forgot-password: a member and an unknown email', async () => {
    const known = await api.post('/api/auth/forgot-password', { email: member.email });
    const unknown = await api.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await expectSameWork(
      () => api.post('/api/auth/forgot-password', { email: member.email }),
      () => api.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') }),
      [],
    );
  });

  it('resend-verification: an unverified account, a verified one and an unknown email', async () => {
    const unverified = await api.post('/api/auth/resend-verification', { email: unverifiedEmail });
    const verified = await api.post('/api/auth/resend-verification', { email: member.email });
    const unknown = await api.post('/api/auth/resend-verification', { email: uniqueEmail('nobody') });
    expect(unverified.status).toBe(200);
    for (const other of [verified, unknown]) {
      expect(other.status).toBe(unverified.status);
      expect(other.body).toEqual(unverified.body);
    }
    await expectSameWork(
      () => api.post('/api/auth/resend-verification', { email: unverifiedEmail }),
      () => api.post('/api/auth/resend-verification', { email: uniqueEmail('nobody') }),
      [],
    );
  });
});

describe('brute force', () => {
  it('is throttled per address and per account, and never locks the real owner out for good', async () => {
    const windowMs = 1_500;
    const throttled = await createTestContext({ authRateLimits: { perAddress: 100, perEmail: 100, signInsPerEmail: 5, signInsPerEmailFromOneAddress: 2, perUserChanges: 100, windowMs } });
    try {
      const owner = await signUpMember(throttled);
      const attempt = (password: string, remoteAddress: string) =>
        throttled.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: owner.email, password } });

      // One attacker's address is stopped at its own share of the account's window...
      const fromOneAddress: number[] = [];
      for (let i = 0; i < 3; i++) fromOneAddress.push((await attempt(`guess-${i}`, '10.9.0.1')).statusCode);
      expect(fromOneAddress).toEqual([401, 401, 429]);
      // ...so the owner, signing in from elsewhere, gets in at once.
      expect((await attempt(owner.password, '10.9.9.9')).statusCode).toBe(200);

      // Guesses from many addresses use up the account's whole window (signUpMember's login, the two
      // guesses and the owner's sign-in used four of five): then even the right password waits, so
      // the attacker learns nothing...
      expect((await attempt('guess-a', '10.9.1.1')).statusCode).toBe(401);
      expect((await attempt('guess-b', '10.9.1.2')).statusCode).toBe(429);
      expect((await attempt(owner.password, '10.9.9.9')).statusCode).toBe(429);
      // ...but only until the window has passed.
      await new Promise((resolve) => setTimeout(resolve, windowMs + 200));
      const again = await attempt(owner.password, '10.9.9.9');
      expect(again.statusCode).toBe(200);
      expect(again.json().token).toEqual(expect.any(String));
    } finally {
      await throttled.close();
    }
  });
});

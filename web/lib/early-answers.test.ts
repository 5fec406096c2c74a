/**
 * The answers the page's HTML asks for before the app's code arrives (web/build/early-answers.js),
 * as the API client takes them: once each, for the same token, while fresh, and never after a change.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';
import { EARLY_ANSWER_FRESH_MS } from './early-answers.ts';
import { storageKeys } from './storage-keys.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the page's HTML leaves for the app: answers by address, for the token it found. */
function askedEarly(token: string, answers: Record<string, Promise<Response>>) {
  window.__earlyAnswers = { token, answers };
}

/** The server the app itself reaches: records each request's address and answers `{ from: 'server' }`. */
function server() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push(`${init.method} ${url}`);
      return json({ from: 'server' });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.__earlyAnswers = undefined;
  window.localStorage.clear();
});

describe('an answer the page asked for early', () => {
  it('is taken by the first read of its address, and only by that one', async () => {
    window.localStorage.setItem(storageKeys.authToken, 'token-1');
    askedEarly('token-1', { '/api/payments/summary': Promise.resolve(json({ from: 'page' })) });
    const asked = server();
    await expect(api.get('/payments/summary')).resolves.toEqual({ from: 'page' });
    await expect(api.get('/payments/summary')).resolves.toEqual({ from: 'server' });
    expect(asked).toEqual(['GET /api/payments/summary']);
  });

  it('is matched by the whole address, its query included', async () => {
    window.localStorage.setItem(storageKeys.authToken, 'token-1');
    askedEarly('token-1', { '/api/notifications?limit=20': Promise.resolve(json({ from: 'page' })) });
    const asked = server();
    await expect(api.get('/notifications', { limit: 50 })).resolves.toEqual({ from: 'server' });
    await expect(api.get('/notifications', { limit: 20 })).resolves.toEqual({ from: 'page' });
    expect(asked).toEqual(['GET /api/notifications?limit=50']);
  });

  it('is not taken for another session: a person who signed in since is asked for afresh', async () => {
    window.localStorage.setItem(storageKeys.authToken, 'token-2');
    askedEarly('token-1', { '/api/auth/me': Promise.resolve(json({ from: 'page' })) });
    const asked = server();
    await expect(api.get('/auth/me')).resolves.toEqual({ from: 'server' });
    expect(asked).toEqual(['GET /api/auth/me']);
  });

  it('is not taken once it may be out of date: past its first seconds, or after a change', async () => {
    window.localStorage.setItem(storageKeys.authToken, 'token-1');
    askedEarly('token-1', { '/api/referrals/stats': Promise.resolve(json({ from: 'page' })), '/api/payments/summary': Promise.resolve(json({ from: 'page' })) });
    const asked = server();
    await api.post('/payments', { month: 1 });
    await expect(api.get('/payments/summary')).resolves.toEqual({ from: 'server' });

    askedEarly('token-1', { '/api/referrals/stats': Promise.resolve(json({ from: 'page' })) });
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_ANSWER_FRESH_MS + 1);
    await expect(api.get('/referrals/stats')).resolves.toEqual({ from: 'server' });
    expect(asked).toEqual(['POST /api/payments', 'GET /api/payments/summary', 'GET /api/referrals/stats']);
  });

  it("keeps the server's refusal, and a lost one is asked again", async () => {
    window.localStorage.setItem(storageKeys.authToken, 'token-1');
    askedEarly('token-1', { '/api/auth/me': Promise.resolve(json({ success: false, code: 'auth.sessionExpired', message: 'Session expired.' }, 401)) });
    const asked = server();
    const refused = await api.get('/auth/me').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'auth.sessionExpired' });
    expect(asked).toEqual([]);

    vi.useFakeTimers();
    try {
      askedEarly('token-1', { '/api/auth/me': Promise.reject(new TypeError('Failed to fetch')) });
      const retried = api.get('/auth/me');
      await vi.advanceTimersByTimeAsync(1_500);
      await expect(retried).resolves.toEqual({ from: 'server' });
      expect(asked).toEqual(['GET /api/auth/me']);
    } finally {
      vi.useRealTimers();
    }
  });
});

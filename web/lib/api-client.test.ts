import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, buildUrl, getErrorMessage, getServerMessage, isRetryable } from './api-client.ts';

const httpError = (status: number, message?: string) =>
  new ApiError({ kind: 'http', status, message: message ?? `HTTP ${status}: Status`, hasServerMessage: message !== undefined });

describe('getErrorMessage', () => {
  it('maps failures without an answer to the connection messages', () => {
    expect(getErrorMessage(new ApiError({ kind: 'network', status: 0, message: 'x' }))).toBe('Network error. Please check your connection.');
    expect(getErrorMessage(new ApiError({ kind: 'timeout', status: 0, message: 'x' }))).toBe('Request timeout. Please try again.');
  });

  it('maps statuses to the catalogue messages', () => {
    expect(getErrorMessage(httpError(401))).toBe('You are not authorized to perform this action.');
    expect(getErrorMessage(httpError(403))).toBe('Access denied.');
    expect(getErrorMessage(httpError(404))).toBe('Resource not found.');
    expect(getErrorMessage(httpError(500))).toBe('Server error. Please try again later.');
    expect(getErrorMessage(httpError(503))).toBe('Server error. Please try again later.');
  });

  it("prefers the server's message for bad input, conflicts and rate limits", () => {
    expect(getErrorMessage(httpError(400, 'Invalid referral code.'))).toBe('Invalid referral code.');
    expect(getErrorMessage(httpError(409, 'An account with this email already exists.'))).toBe('An account with this email already exists.');
    expect(getErrorMessage(httpError(429, 'Too many attempts. Please wait a few minutes and try again.'))).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it("does not show a server's text for statuses whose mapping is clearer", () => {
    expect(getErrorMessage(httpError(500, 'Server error. Please try again later.'))).toBe('Server error. Please try again later.');
    expect(getErrorMessage(httpError(403, 'Your account has been blocked. Please contact support.'))).toBe('Access denied.');
  });

  it("uses a screen's own fallback before the generic status text", () => {
    expect(getErrorMessage(httpError(500), 'Failed to send reset email. Please try again.')).toBe('Failed to send reset email. Please try again.');
    // …but never hides a connection problem behind it.
    expect(getErrorMessage(new ApiError({ kind: 'network', status: 0, message: 'x' }), 'Fallback')).toBe('Network error. Please check your connection.');
  });

  it('falls back to the server error text for anything else', () => {
    expect(getErrorMessage(new Error('boom'))).toBe('Server error. Please try again later.');
    expect(getErrorMessage('nonsense', 'Login failed. Please try again.')).toBe('Login failed. Please try again.');
  });
});

describe('getServerMessage', () => {
  it("returns the server's own message only", () => {
    expect(getServerMessage(httpError(401, 'Invalid email or password.'))).toBe('Invalid email or password.');
    expect(getServerMessage(httpError(502))).toBeUndefined();
    expect(getServerMessage(new Error('boom'))).toBeUndefined();
  });
});

describe('isRetryable', () => {
  it('retries only failures a second attempt can fix', () => {
    expect(isRetryable(new ApiError({ kind: 'network', status: 0, message: '' }))).toBe(true);
    expect(isRetryable(new ApiError({ kind: 'timeout', status: 0, message: '' }))).toBe(true);
    expect(isRetryable(httpError(500))).toBe(true);
    expect(isRetryable(httpError(503))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 429]) expect(isRetryable(httpError(status))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});

describe('buildUrl', () => {
  it('puts the path under /api and appends the given query parameters', () => {
    expect(buildUrl('/auth/me')).toBe('/api/auth/me');
    expect(buildUrl('/referrals/leaderboard', { period: 'all', limit: 10, userId: undefined, q: null })).toBe(
      '/api/referrals/leaderboard?period=all&limit=10',
    );
    expect(buildUrl('/auth/verify-email', { token: 'a b&c' })).toBe('/api/auth/verify-email?token=a+b%26c');
  });
});

describe('Idempotency-Key', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Answers 503 first, then 200, and records the headers of every attempt. */
  function flakyServer() {
    const seen: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push(new Headers(init.headers));
        const body = seen.length === 1 ? { success: false, message: 'down' } : { success: true };
        return new Response(JSON.stringify(body), { status: seen.length === 1 ? 503 : 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return seen;
  }

  it('sends one key on a change and the same key on its retry', async () => {
    vi.useFakeTimers();
    const seen = flakyServer();
    const done = api.put('/plan-payments/p1/approve', { groupNumber: '1' });
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(done).resolves.toEqual({ success: true });
    expect(seen).toHaveLength(2);
    const key = seen[0].get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1].get('Idempotency-Key')).toBe(key);
  });

  it('gives each change its own key, and reads none', async () => {
    const seen: Headers[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => (seen.push(new Headers(init.headers)), new Response('{"success":true}', { status: 200 }))));
    await api.post('/payments', { month: 1 });
    await api.post('/payments', { month: 1 });
    await api.get('/payments');
    expect(seen[0].get('Idempotency-Key')).not.toBe(seen[1].get('Idempotency-Key'));
    expect(seen[2].get('Idempotency-Key')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, buildUrl, filenameFrom, getErrorMessage, getServerMessage, isRetryable, readAnswer, retryAfterMsOf, UnreadableAnswerError } from './api-client.ts';
import { storageKeys } from './storage-keys.ts';

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

  it("shows a screen's words for the unexpected only when the failure is not a failed call", () => {
    const unexpected = 'An unexpected error occurred. Please try again.';
    expect(getErrorMessage(new TypeError('x is undefined'), 'Login failed. Please try again.', unexpected)).toBe(unexpected);
    expect(getErrorMessage(httpError(500), 'Login failed. Please try again.', unexpected)).toBe('Login failed. Please try again.');
    expect(getErrorMessage(new ApiError({ kind: 'network', status: 0, message: 'x' }), 'Fallback', unexpected)).toBe('Network error. Please check your connection.');
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

  it('does not try again at once when the server asks to be left alone for longer than 10 s', () => {
    expect(isRetryable(new ApiError({ kind: 'http', status: 503, message: '', retryAfterMs: 10_000 }))).toBe(true);
    expect(isRetryable(new ApiError({ kind: 'http', status: 503, message: '', retryAfterMs: 10_001 }))).toBe(false);
  });
});

describe('retryAfterMsOf', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterMsOf('5', now)).toBe(5_000);
    expect(retryAfterMsOf(' 0 ', now)).toBe(0);
    expect(retryAfterMsOf('Sun, 29 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMsOf('Sun, 29 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterMsOf(null, now)).toBeUndefined();
    expect(retryAfterMsOf('', now)).toBeUndefined();
    expect(retryAfterMsOf('soon', now)).toBeUndefined();
  });
});

describe("a busy server's Retry-After", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Answers 503 with this Retry-After first, then 200; counts the attempts. */
  function busyServer(retryAfter: string) {
    const calls = { n: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls.n++;
        if (calls.n === 1) return new Response('{"success":false,"code":"overloaded","message":"busy"}', { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter } });
        return new Response('{"success":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return calls;
  }

  it('is waited for before the next try, instead of the usual second', async () => {
    vi.useFakeTimers();
    const calls = busyServer('3');
    const done = api.get('/payments');
    await vi.advanceTimersByTimeAsync(2_900);
    expect(calls.n).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(done).resolves.toEqual({ success: true });
    expect(calls.n).toBe(2);
  });

  it('longer than 10 s, ends the call with the answer rather than trying again', async () => {
    vi.useFakeTimers();
    const calls = busyServer('60');
    const done = api.get('/payments');
    const failed = expect(done).rejects.toMatchObject({ status: 503, retryAfterMs: 60_000, message: 'busy' });
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    expect(calls.n).toBe(1);
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

describe('a refusal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the server's code, message and field errors", async () => {
    const body = { success: false, code: 'auth.invalidCredentials', message: 'Invalid email or password.', errors: { email: 'Please enter a valid email address.' } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 401, headers: { 'Content-Type': 'application/json' } })));
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'auth.invalidCredentials', message: 'Invalid email or password.', errors: { email: 'Please enter a valid email address.' } });
  });
});

describe('an answer that is not JSON', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not taken for the answer: a page of text with a success status is an unexpected failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Sign in to the network</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })));
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(getErrorMessage(error, 'Login failed. Please try again.', 'An unexpected error occurred. Please try again.')).toBe('An unexpected error occurred. Please try again.');
  });

  it('an empty success (204) is still a success', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(api.delete('/notifications/n1')).resolves.toBeUndefined();
  });
});

describe('an answer read through its contract schema', () => {
  const answer = z.object({ success: z.literal(true), user: z.object({ id: z.string() }) });

  it('is the one shape the contract names, checked', () => {
    expect(readAnswer(answer, { success: true, user: { id: 'u1' }, data: { user: { id: 'u1' } } })).toEqual({ success: true, user: { id: 'u1' } });
  });

  it('is unreadable in any other shape, rather than read from a second place', () => {
    expect(() => readAnswer(answer, { success: true, data: { user: { id: 'u1' } } })).toThrow(UnreadableAnswerError);
    expect(() => readAnswer(answer, undefined)).toThrow(UnreadableAnswerError);
  });
});

describe('an upload that reports its progress', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the share sent, and answers as any other call (through the same stub as fetch)', async () => {
    const seen: { url: string; method: string; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push({ url, method: String(init.method), key: new Headers(init.headers).get('Idempotency-Key') });
        return new Response(JSON.stringify({ success: true, message: 'Receipt uploaded' }), { status: 201, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const progress: number[] = [];
    const form = new FormData();
    form.append('receipt', new File(['x'], 'r.png', { type: 'image/png' }));
    await expect(api.post('/plan-payments/p1/upload-receipt', form, { onUploadProgress: (sent) => progress.push(sent) })).resolves.toEqual({ success: true, message: 'Receipt uploaded' });
    expect(progress).toEqual([0.5, 1]);
    expect(seen).toEqual([{ url: '/api/plan-payments/p1/upload-receipt', method: 'POST', key: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
  });

  it("keeps the server's refusal, and a lost connection is a network error", async () => {
    const form = new FormData();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Please upload a JPG, PNG, or PDF file' }), { status: 400 })));
    await expect(api.post('/payments', form, { onUploadProgress: () => {} })).rejects.toMatchObject({ status: 400, message: 'Please upload a JPG, PNG, or PDF file' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.post('/payments', form, { onUploadProgress: () => {} })).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('a download', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  /** Records what is handed to the browser to save (the link's name and the file), instead of saving it. */
  function catchSaves() {
    const saved: { name: string; href: string }[] = [];
    const files = new Map<string, Blob>();
    let next = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${++next}`;
      files.set(url, blob as Blob);
      return url;
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    return { saved, files, revoke };
  }

  it('sends the session, saves the file under the name the answer gives, and lets the file go after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.setItem(storageKeys.authToken, 'token-1');
    const seen: { url: string; headers: Headers }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push({ url, headers: new Headers(init.headers) });
        return new Response('%PDF-1.4 body', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="statement-2026-03-15.pdf"' },
        });
      }),
    );
    const { saved, files, revoke } = catchSaves();
    await expect(api.download('/admin/users/u1/statement.pdf', { groupId: 'g1', other: undefined }, { fallbackName: 'statement.pdf' })).resolves.toBe('statement-2026-03-15.pdf');
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/api/admin/users/u1/statement.pdf?groupId=g1');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer token-1');
    expect(saved).toEqual([{ name: 'statement-2026-03-15.pdf', href: 'blob:test/1' }]);
    expect(await files.get('blob:test/1')?.text()).toBe('%PDF-1.4 body');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });

  it('uses the fallback name when the answer names none', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('a,b\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })));
    const { saved } = catchSaves();
    await expect(api.download('/exports/payments.csv', undefined, { fallbackName: 'payments.csv' })).resolves.toBe('payments.csv');
    expect(saved.map((file) => file.name)).toEqual(['payments.csv']);
  });

  it("fails as any other call: the server's JSON refusal is an ApiError, and nothing is saved", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'Group not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } })),
    );
    const { saved } = catchSaves();
    const error = await api.download('/committee-plans/user/groups/g9/statement.pdf', undefined, { fallbackName: 'statement.pdf' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'Group not found', hasServerMessage: true });
    expect(saved).toEqual([]);
  });

  it('does not save a web page that came from something in between', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Sign in</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })));
    const { saved } = catchSaves();
    await expect(api.download('/payments/statement.pdf', undefined, { fallbackName: 'statement.pdf' })).rejects.toBeInstanceOf(UnreadableAnswerError);
    expect(saved).toEqual([]);
  });

  it('reads the file name of a content-disposition header', () => {
    expect(filenameFrom('attachment; filename="statement-2026-03-15.pdf"')).toBe('statement-2026-03-15.pdf');
    expect(filenameFrom('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFrom(`attachment; filename="a.pdf"; filename*=UTF-8''%D8%A8%DB%8C%D8%A7%D9%86.pdf`)).toBe('بیان.pdf');
    expect(filenameFrom('attachment')).toBeUndefined();
    expect(filenameFrom(null)).toBeUndefined();
  });
});

// Offline, nothing is sent, nor kept to be sent later (an installed app opened without a network).
describe('offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a change at once, with words that say nothing was sent, and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const network = vi.spyOn(globalThis, 'fetch');
    for (const change of [() => api.post('/payments/abc/receipt', { note: 'x' }), () => api.put('/notifications/read-all'), () => api.delete('/profile/photo')]) {
      const error = await change().catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('offline');
      expect(getErrorMessage(error, 'A screen fallback')).toBe('You are offline. Nothing was sent: try again once you are back online.');
      expect(isRetryable(error)).toBe(false);
    }
    expect(network).not.toHaveBeenCalled();
  });

  it('fails a read at once, without trying again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const network = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/payments/summary').catch((failure: unknown) => failure);
    expect((error as ApiError).kind).toBe('network');
    expect(network).toHaveBeenCalledTimes(1);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubGetRequests } from '../test/api-stub.ts';
import { makeUser } from '../test/render.tsx';
import { AuthProvider, checkStoredSessionEarly, useAuth } from './auth.tsx';

function Shown() {
  const { status, user, refresh } = useAuth();
  return (
    <>
      <p>{status === 'loading' ? 'checking' : `signed in as ${user?.name ?? 'nobody'}`}</p>
      <button type="button" onClick={() => void refresh()}>
        Check again
      </button>
    </>
  );
}

function renderProvider() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Shown />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => window.localStorage.clear());

// The stored session's check starts before the first render (web/main.tsx): its answer is the
// provider's first check, so a signed-in first screen waits for one request, not two.
describe('the stored session checked before the first render', () => {
  it('is the check the provider waits for: one request', async () => {
    const user = makeUser({ name: 'Checked Early' });
    window.localStorage.setItem('auth_token', 'token-1');
    window.localStorage.setItem('user_data', JSON.stringify(makeUser({ name: 'Stored Name' })));
    const { reads } = stubGetRequests({ '/api/auth/me': ok({ user, data: { user } }) });
    checkStoredSessionEarly();
    expect(reads).toHaveLength(1);
    renderProvider();
    expect(await screen.findByText('signed in as Checked Early')).toBeTruthy();
    expect(reads.filter((call) => call.path === '/api/auth/me')).toHaveLength(1);
  });

  it('is not used for another token: a session signed in since is checked afresh', async () => {
    const user = makeUser({ name: 'Second Person' });
    window.localStorage.setItem('auth_token', 'token-1');
    const { reads } = stubGetRequests({ '/api/auth/me': ok({ user, data: { user } }) });
    checkStoredSessionEarly();
    window.localStorage.setItem('auth_token', 'token-2');
    renderProvider();
    expect(await screen.findByText('signed in as Second Person')).toBeTruthy();
    const checks = reads.filter((call) => call.path === '/api/auth/me');
    expect(checks).toHaveLength(2);
  });

  it('sends nothing without a stored session', () => {
    const { reads } = stubGetRequests({});
    checkStoredSessionEarly();
    expect(reads).toHaveLength(0);
  });

  it('once answered, makes the first screen the person\'s page: no \'Authenticating...\' and no second request', async () => {
    const user = makeUser({ name: 'Confirmed Early' });
    window.localStorage.setItem('auth_token', 'token-early');
    const { reads } = stubGetRequests({ '/api/auth/me': ok({ user, data: { user } }) });
    await checkStoredSessionEarly();
    renderProvider();
    // At once, without waiting: the provider starts from the confirmed session.
    expect(screen.getByText('signed in as Confirmed Early')).toBeTruthy();
    expect(reads.filter((call) => call.path === '/api/auth/me')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('user_data') ?? '{}')).toMatchObject({ name: 'Confirmed Early' });
  });

  it('once refused, has cleared the stored session before the first screen', async () => {
    window.localStorage.setItem('auth_token', 'token-expired');
    window.localStorage.setItem('user_data', JSON.stringify(makeUser({ name: 'Stored Name' })));
    stubGetRequests({ '/api/auth/me': fail(401, 'Session expired.') });
    await checkStoredSessionEarly();
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(window.localStorage.getItem('user_data')).toBeNull();
    renderProvider();
    expect(screen.getByText('signed in as nobody')).toBeTruthy();
  });

  it('answers only the first check: a later one asks the server again', async () => {
    let answered = 0;
    const names = ['Before The Change', 'After The Change'];
    window.localStorage.setItem('auth_token', 'token-later');
    const { reads } = stubGetRequests({
      '/api/auth/me': () => {
        const user = makeUser({ name: names[Math.min(answered++, 1)] });
        return ok({ user, data: { user } });
      },
    });
    await checkStoredSessionEarly();
    renderProvider();
    expect(screen.getByText('signed in as Before The Change')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('signed in as After The Change')).toBeTruthy();
    expect(reads.filter((call) => call.path === '/api/auth/me')).toHaveLength(2);
  });
});

// Offline, the check gets no answer: that says nothing of the session (an installed app opened without
// a network keeps its member signed in), and it is checked once the device is back online.
describe('the stored session when the check gets no answer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the person signed in on the stored user, clears nothing, and checks again back online', async () => {
    window.localStorage.setItem('auth_token', 'token-offline');
    window.localStorage.setItem('user_data', JSON.stringify(makeUser({ name: 'Stored Offline' })));
    window.localStorage.setItem('offline-answers:user-1', '{}');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const unreachable = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await checkStoredSessionEarly();
    renderProvider();
    expect(await screen.findByText('signed in as Stored Offline')).toBeTruthy();
    expect(window.localStorage.getItem('auth_token')).toBe('token-offline');
    expect(window.localStorage.getItem('offline-answers:user-1')).toBe('{}');
    // Offline, nothing is tried again and again.
    expect(unreachable).toHaveBeenCalledTimes(1);

    vi.restoreAllMocks();
    const user = makeUser({ name: 'Checked Online' });
    const { reads } = stubGetRequests({ '/api/auth/me': ok({ user, data: { user } }) });
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('signed in as Checked Online')).toBeTruthy();
    expect(reads.filter((call) => call.path === '/api/auth/me')).toHaveLength(1);
  });

  it('a session the server refuses is still cleared, with every kept answer of the device', async () => {
    window.localStorage.setItem('auth_token', 'token-dead');
    window.localStorage.setItem('user_data', JSON.stringify(makeUser()));
    window.localStorage.setItem('offline-answers:user-1', '{}');
    stubGetRequests({ '/api/auth/me': fail(401, 'Session expired') });
    renderProvider();
    expect(await screen.findByText('signed in as nobody')).toBeTruthy();
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(window.localStorage.getItem('offline-answers:user-1')).toBeNull();
  });
});

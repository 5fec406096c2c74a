import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, loginAnswer, twoFactorMessages } from '../../../contract/accounts.ts';
import { answerAs } from '../../test/api-stub.ts';
import { fakeAuth, makeUser, renderRoute } from '../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

const admin = makeUser({ id: 'admin-1', role: 'ADMIN', email: 'admin@example.com', name: 'Bilal Admin' });
const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** Answers POST /api/auth/login as the server would for an admin with two-factor on (code 123456, or recovery code ABCDE-FGHJK). */
function stubLogin() {
  const bodies: Record<string, unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    bodies.push(body);
    const answer = (status: number, json: object) => new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
    if (body.password !== 'admin-pass-123') return answer(401, { success: false, message: authMessages.invalidCredentials });
    if (!body.code) return answer(401, { success: false, message: twoFactorMessages.codeRequired, twoFactorRequired: true });
    if (body.code !== '123456' && body.code !== 'ABCDEFGHJK') return answer(401, { success: false, message: twoFactorMessages.codeInvalid, twoFactorRequired: true });
    const signedIn = answerAs(loginAnswer, { success: true, code: 'auth.loggedIn', message: authMessages.loggedIn, token: 'session-token', user: admin, data: { token: 'session-token', user: admin } });
    return answer(signedIn.status, signedIn.body as object);
  });
  return bodies;
}

describe('/login with two-factor sign-in', () => {
  it('asks for the authentication code after the password, shows a wrong code by the field, and signs in with the right one', async () => {
    const bodies = stubLogin();
    const login = vi.fn();
    const user = userEvent.setup();
    renderRoute('/login', fakeAuth({ login }));

    await user.type(await screen.findByLabelText('Email Address'), 'Admin@Example.com');
    await user.type(input('Password'), 'admin-pass-123');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    // Letters too: the field also takes a recovery code, and its hint says so.
    expect(code.inputMode).not.toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    expect(screen.getByText(/^Open your authenticator app and enter the 6-digit code it shows\. No phone\? Enter one of your recovery codes instead/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
    // Asking for the code is not an error.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(code.getAttribute('aria-invalid')).toBeNull();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The code is not valid. Please try again.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(login).toHaveBeenCalledWith('session-token', admin));
    expect(bodies).toEqual([
      { email: 'admin@example.com', password: 'admin-pass-123' },
      { email: 'admin@example.com', password: 'admin-pass-123', code: '654321' },
      { email: 'admin@example.com', password: 'admin-pass-123', code: '123456' },
    ]);
  });

  it('signs in with a recovery code in the same field, sent as the server stores it', async () => {
    const bodies = stubLogin();
    const login = vi.fn();
    const user = userEvent.setup();
    renderRoute('/login', fakeAuth({ login }));
    await user.type(await screen.findByLabelText('Email Address'), 'admin@example.com');
    await user.type(input('Password'), 'admin-pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(login).toHaveBeenCalledWith('session-token', admin));
    expect(bodies[1]).toEqual({ email: 'admin@example.com', password: 'admin-pass-123', code: 'ABCDEFGHJK' });
  });

  it('checks the code before sending it', async () => {
    const bodies = stubLogin();
    const user = userEvent.setup();
    renderRoute('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'admin@example.com');
    await user.type(input('Password'), 'admin-pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(bodies).toHaveLength(1);
  });

  it('asks no code when the password is wrong', async () => {
    stubLogin();
    const user = userEvent.setup();
    renderRoute('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'admin@example.com');
    await user.type(input('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });
});

describe('/login when the answer has no words of its own', () => {
  /** Answers every call with the given response, as something between the browser and the server might. */
  const answerWith = (make: () => Response) => vi.spyOn(globalThis, 'fetch').mockImplementation(async () => make());

  async function signIn() {
    const user = userEvent.setup();
    renderRoute('/login');
    await user.type(await screen.findByLabelText('Email Address'), 'ayesha@example.com');
    await user.type(input('Password'), 'some-pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    return (await screen.findByRole('alert')).textContent;
  }

  it('a refusal without a message asks to check the credentials', async () => {
    answerWith(() => new Response(null, { status: 401 }));
    expect(await signIn()).toBe('Login failed. Please check your credentials.');
  });

  it('any other failure without a message says the login failed', async () => {
    answerWith(() => new Response('', { status: 418 }));
    expect(await signIn()).toBe('Login failed. Please try again.');
  });

  it('an answer that is not the API (a page of text) is an unexpected error, and nobody is signed in', async () => {
    const login = vi.fn();
    answerWith(() => new Response('<html>Wi-Fi sign-in</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const user = userEvent.setup();
    renderRoute('/login', fakeAuth({ login }));
    await user.type(await screen.findByLabelText('Email Address'), 'ayesha@example.com');
    await user.type(input('Password'), 'some-pass-123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred. Please try again.');
    expect(login).not.toHaveBeenCalled();
  });
});

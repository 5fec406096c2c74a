import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { twoFactorMessages } from '../../../../contract/accounts.ts';
import { makeUser } from '../../../test/render.tsx';
import { adminAuth, renderWithAdmin } from '../../../test/admin.tsx';
import { AdminProfilePage } from './profile-page.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

afterEach(() => vi.restoreAllMocks());

type Answer = { status: number; body: unknown };
type Sent = Record<string, unknown>;
type Route = Answer | ((body: Sent) => Answer);

/** Answers the calls named "METHOD /path" and records every call with its JSON body; others get 418. */
function stubApi(routes: Record<string, Route>) {
  const calls: { call: string; body: Sent | undefined }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Sent) : undefined;
    calls.push({ call, body });
    const route = routes[call];
    const answer = typeof route === 'function' ? route(body ?? {}) : (route ?? { status: 418, body: { success: false, message: 'Not stubbed in this test' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const off = { enabled: false, enabledAt: null, pending: false };
const on = { enabled: true, enabledAt: '2026-03-10T08:00:00.000Z', pending: false };
const statusAnswer = (twoFactor: object, message?: string): Answer => ({ status: 200, body: { success: true, code: 'twoFactor.answer', message, twoFactor, data: { twoFactor } } });
const refusal = (status: number, message: string, errors?: Record<string, string>): Answer => ({ status, body: { success: false, message, errors } });

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Turn on asks for the current password first (step-up); this gives it and continues. */
async function confirmWithPassword(user: ReturnType<typeof userEvent.setup>, password = 'admin-pass-123') {
  const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
  const field = within(confirm).getByLabelText('Current password') as HTMLInputElement;
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(field.autocomplete).toBe('current-password');
  await user.clear(field);
  await user.type(field, password);
  await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
  return confirm;
}
const otpauthUrl = `otpauth://totp/Umrah%20Committee:admin%40example.com?secret=${secret}&issuer=Umrah%20Committee`;

describe('Two-factor sign-in card', () => {
  it('turns two-factor on: QR code of the otpauth address, the key as text, a wrong code shown by the field, then On', async () => {
    let status: object = off;
    const calls = stubApi({
      'GET /api/auth/two-factor': () => statusAnswer(status),
      'POST /api/auth/two-factor/setup': (body) =>
        body.currentPassword === 'admin-pass-123'
          ? { status: 200, body: { success: true, code: 'twoFactor.answer', message: twoFactorMessages.setupStarted, secret, otpauthUrl, data: { secret, otpauthUrl } } }
          : refusal(400, 'Your current password is not correct.', { currentPassword: 'Your current password is not correct.' }),
      'POST /api/auth/two-factor/enable': (body) => {
        if (body.code !== '123456') return refusal(400, twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
        status = { ...on, enabledAt: new Date().toISOString() };
        return statusAnswer(status, twoFactorMessages.enabled);
      },
    });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 2 })).toBeTruthy();
    expect(await screen.findByText('Off')).toBeTruthy();
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    await user.click(turnOn);
    // A wrong password is shown by its field, and the dialog stays; then the right one goes on.
    const confirm = await confirmWithPassword(user, 'not-my-password');
    expect(await within(confirm).findByText('Your current password is not correct.')).toBeTruthy();
    expect(within(confirm).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    await confirmWithPassword(user);

    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const qr = (await within(dialog).findByRole('img', { name: 'QR code to add this account to your authenticator app' })) as HTMLImageElement;
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    const key = within(dialog).getByLabelText('Cannot scan? Type this key into the app:') as HTMLInputElement;
    expect(key.readOnly).toBe(true);
    expect(key.value.replace(/\s/g, '')).toBe(secret);
    const code = within(dialog).getByLabelText('6-digit code') as HTMLInputElement;
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    await waitFor(() => expect(document.activeElement).toBe(code));

    // A code that is not 6 digits is refused here, and nothing is sent.
    await user.type(code, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(calls.filter((c) => c.call === 'POST /api/auth/two-factor/enable')).toEqual([]);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The code is not valid. Please try again.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Two-factor sign-in is on. Other devices have been signed out.')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.getByText(/^On since /)).toBeTruthy();
    // Focus goes back to the card's button, which now turns it off.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Turn off' })));
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => [c.call, c.body])).toEqual([
      ['POST /api/auth/two-factor/setup', { currentPassword: 'not-my-password' }],
      ['POST /api/auth/two-factor/setup', { currentPassword: 'admin-pass-123' }],
      ['POST /api/auth/two-factor/enable', { code: '654321', currentPassword: 'admin-pass-123' }],
      ['POST /api/auth/two-factor/enable', { code: '123456', currentPassword: 'admin-pass-123' }],
    ]);
  });

  it('turns two-factor off with the password and a code, each error by its field', async () => {
    let status: object = on;
    const calls = stubApi({
      'GET /api/auth/two-factor': () => statusAnswer(status),
      'POST /api/auth/two-factor/disable': (body) => {
        const errors: Record<string, string> = {};
        if (body.password !== 'admin-pass-123') errors.password = twoFactorMessages.passwordWrong;
        if (body.code !== '123456') errors.code = twoFactorMessages.codeInvalid;
        if (Object.keys(errors).length > 0) return refusal(400, Object.values(errors)[0], errors);
        status = off;
        return statusAnswer(status, twoFactorMessages.disabled);
      },
    });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);

    expect(await screen.findByText('On since 10 Mar 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const password = within(dialog).getByLabelText('Password') as HTMLInputElement;
    const code = within(dialog).getByLabelText('6-digit code') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.type(password, 'wrong-pass');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Your password is not correct.')).toBeTruthy();
    expect(within(dialog).getByText('The code is not valid. Please try again.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);

    await user.clear(password);
    await user.type(password, 'admin-pass-123');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Two-factor sign-in is off. Other devices have been signed out.')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(calls.filter((c) => c.call === 'POST /api/auth/two-factor/disable').map((c) => c.body)).toEqual([
      { password: 'wrong-pass', code: '000000' },
      { password: 'admin-pass-123', code: '123456' },
    ]);
  });

  it('closes with Escape, changing nothing, and gives focus back to Turn on', async () => {
    const calls = stubApi({
      'GET /api/auth/two-factor': statusAnswer(off),
      'POST /api/auth/two-factor/setup': { status: 200, body: { success: true, code: 'twoFactor.answer', message: twoFactorMessages.setupStarted, secret, otpauthUrl, data: { secret, otpauthUrl } } },
    });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    // Escape on the password step makes nothing.
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Turn on' }));
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await confirmWithPassword(user);
    await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Turn on' })));
    expect(screen.getByText('Off')).toBeTruthy();
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => c.call)).toEqual(['POST /api/auth/two-factor/setup']);
  });

  it('says when it is on already (409 on set-up), and shows the fresh status', async () => {
    let status: object = off;
    stubApi({
      'GET /api/auth/two-factor': () => statusAnswer(status),
      'POST /api/auth/two-factor/setup': () => {
        status = on;
        return refusal(409, twoFactorMessages.alreadyEnabled);
      },
    });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await confirmWithPassword(user);
    expect(await screen.findByText('Two-factor sign-in is already on.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let fail = true;
    stubApi({ 'GET /api/auth/two-factor': () => (fail ? refusal(503, 'Server error. Please try again later.') : statusAnswer(on)) });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Could not load the two-factor sign-in status.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('On')).toBeTruthy();
  }, 20_000);
});

describe('the profile page', () => {
  it('shows the card to an administrator only', async () => {
    const admin = makeUser({ id: 'admin-1', role: 'ADMIN', email: 'admin@example.com' });
    stubApi({ 'GET /api/profile': { status: 200, body: { success: true, user: { ...admin, emailReminders: true, phoneConfirmed: false }, data: { user: { ...admin, emailReminders: true, phoneConfirmed: false } } } }, 'GET /api/auth/two-factor': statusAnswer(off) });
    const view = renderWithAdmin(<AdminProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    view.unmount();

    const member = makeUser({ role: 'USER' });
    const calls = stubApi({ 'GET /api/profile': { status: 200, body: { success: true, user: { ...member, emailReminders: true, phoneConfirmed: false }, data: { user: { ...member, emailReminders: true, phoneConfirmed: false } } } } });
    renderWithAdmin(<AdminProfilePage />, { auth: adminAuth({ user: member }) });
    expect(await screen.findByText('User')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).toBeNull();
    expect(calls.some((c) => c.call === 'GET /api/auth/two-factor')).toBe(false);
  });
});

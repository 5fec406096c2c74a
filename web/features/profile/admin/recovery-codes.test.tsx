import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoFactorMessages } from '../../../../contract/accounts.ts';
import { renderWithAdmin } from '../../../test/admin.tsx';
import { recoveryCodesText } from './recovery-codes-dialog.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

afterEach(() => vi.restoreAllMocks());

type Answer = { status: number; body: unknown };

/** Answers the calls named "METHOD /path"; records each; others get 418. */
function stubApi(routes: Record<string, Answer | ((body: Record<string, unknown>) => Answer)>) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    calls.push(call);
    const route = routes[call];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 418, body: { success: false, message: 'Not stubbed in this test' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const off = { enabled: false, enabledAt: null, pending: false };
const on = { enabled: true, enabledAt: '2026-03-10T08:00:00.000Z', pending: false };
const statusAnswer = (twoFactor: object): Answer => ({ status: 200, body: { success: true, code: 'twoFactor.answer', twoFactor, data: { twoFactor } } });
const codes = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${'ABCDEFGHJK'[i]}AAA-BBBBB`);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUrl = `otpauth://totp/Umrah%20Committee:admin%40example.com?secret=${secret}&issuer=Umrah%20Committee`;

/** A clipboard the test can read (after userEvent.setup(), which puts one of its own in place). */
function fakeClipboard() {
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('recovery codes on the two-factor card', () => {
  it('shows the first codes once after turning two-factor on: the warning, Copy all, Download as text', async () => {
    let status: object = off;
    const first = codes('Q');
    stubApi({
      'GET /api/auth/two-factor': () => statusAnswer(status),
      'POST /api/auth/two-factor/setup': { status: 200, body: { success: true, code: 'twoFactor.answer', message: twoFactorMessages.setupStarted, secret, otpauthUrl, data: { secret, otpauthUrl } } },
      'POST /api/auth/two-factor/enable': () => {
        status = on;
        return { status: 200, body: { success: true, code: 'twoFactor.answer', message: twoFactorMessages.enabled, twoFactor: on, recoveryCodes: first, data: { twoFactor: on, recoveryCodes: first } } };
      },
    });
    const user = userEvent.setup();
    const writeText = fakeClipboard();
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), 'blob:codes'));
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithAdmin(<TwoFactorCard />);

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(confirm).getByLabelText('Current password'), 'admin-pass-123');
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const setup = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.type(within(setup).getByLabelText('6-digit code'), '123456');
    await user.click(within(setup).getByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(dialog).getByRole('note').textContent).toBe('These codes are shown only once. Copy or download them now: you will not see them again.');
    const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(first);
    const copy = within(dialog).getByRole('button', { name: 'Copy all' });
    await waitFor(() => expect(document.activeElement).toBe(copy));

    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(recoveryCodesText(first, 'Umrah Committee two-factor recovery codes. Each code works once.'));
    expect(await screen.findByText('The recovery codes were copied.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Download as text' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(saved).toHaveLength(1);
    const file = await saved[0].text();
    for (const code of first) expect(file).toContain(`\n${code}`);

    // Keyboard: Escape closes; the codes are gone from the page.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(first[0])).toBeNull();
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeTruthy();
  });

  it('"New recovery codes" makes a new set and shows it once; Done gives focus back to the button', async () => {
    const fresh = codes('R');
    const calls = stubApi({
      'GET /api/auth/two-factor': statusAnswer(on),
      'POST /api/auth/two-factor/recovery-codes': {
        status: 200,
        body: { success: true, code: 'twoFactor.answer', message: twoFactorMessages.recoveryCodesCreated, recoveryCodes: fresh, data: { recoveryCodes: fresh } },
      },
    });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);
    expect(await screen.findByRole('heading', { name: 'Recovery codes', level: 3 })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'New recovery codes' });
    await user.click(button);
    // The current password and a code first (step-up); each missing one is named by its field.
    const confirm = await screen.findByRole('dialog', { name: 'Make new recovery codes' });
    const password = within(confirm).getByLabelText('Current password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));
    expect(await within(confirm).findByText('Enter your current password to confirm this change.')).toBeTruthy();
    expect(within(confirm).getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    await user.type(password, 'admin-pass-123');
    await user.type(within(confirm).getByLabelText('6-digit code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(fresh);
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(screen.queryByText(fresh[0])).toBeNull();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/auth/two-factor/recovery-codes']);
  });

  it('says why when the server refuses (409: two-factor was turned off elsewhere)', async () => {
    let status: object = on;
    stubApi({
      'GET /api/auth/two-factor': () => statusAnswer(status),
      'POST /api/auth/two-factor/recovery-codes': () => {
        status = off;
        return { status: 409, body: { success: false, message: twoFactorMessages.recoveryCodesNeedTwoFactor } };
      },
    });
    const user = userEvent.setup();
    renderWithAdmin(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make new recovery codes' });
    await user.type(within(confirm).getByLabelText('Current password'), 'admin-pass-123');
    await user.type(within(confirm).getByLabelText('6-digit code'), '123456');
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText('Recovery codes are for two-factor sign-in. Turn it on first.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
  });

  it('offers no recovery codes while two-factor is off', async () => {
    stubApi({ 'GET /api/auth/two-factor': statusAnswer(off) });
    renderWithAdmin(<TwoFactorCard />);
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages } from '../../../contract/accounts.ts';
import { fakeApi, on } from '../../test/api-stub.ts';
import { renderRoute } from '../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('/register', () => {
  it('fills in the referral code from a referral link', async () => {
    renderRoute('/register?ref=AYESHA7');
    await screen.findByRole('heading', { name: 'Create Your Account' });
    expect(input(/^Referral Code/).value).toBe('AYESHA7');
  });

  it('formats the CNIC as it is typed', async () => {
    const user = userEvent.setup();
    renderRoute('/register');
    const cnic = input(/^CNIC/);

    await user.type(cnic, '42101');
    expect(cnic.value).toBe('42101');
    await user.type(cnic, '12345671');
    expect(cnic.value).toBe('42101-1234567-1');
    // The field holds at most 13 digits and two dashes.
    await user.type(cnic, '9');
    expect(cnic.value).toBe('42101-1234567-1');
    expect(cnic.maxLength).toBe(15);
  });

  it('shows what is wrong next to each field and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderRoute('/register');

    await user.type(input('Full Name'), 'Ayesha Khan');
    await user.type(input('Email Address'), 'ayesha@example.com');
    await user.type(input(/^CNIC/), '12345');
    await user.type(input('Password'), 'secret1');
    await user.type(input('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const mismatch = await screen.findByText('Passwords do not match. Please try again.');
    const cnicError = screen.getByText('Please enter a valid 13-digit CNIC.');
    // Each message is tied to its field, so a screen reader reads it with the field.
    expect(input('Confirm Password').getAttribute('aria-describedby')).toContain(mismatch.id);
    expect(input(/^CNIC/).getAttribute('aria-invalid')).toBe('true');
    expect(input(/^CNIC/).getAttribute('aria-describedby')).toContain(cnicError.id);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a common password under the Password field, and keeps what was typed", async () => {
    const tooCommon = accountMessages.passwordTooCommon;
    const calls = fakeApi(on('POST', '/api/auth/register', () => ({ status: 400, body: { success: false, message: tooCommon, errors: { password: tooCommon } } })));
    const user = userEvent.setup();
    renderRoute('/register');
    await user.type(input('Full Name'), 'Ayesha Khan');
    await user.type(input('Email Address'), 'ayesha@example.com');
    await user.type(input('Password'), 'password1');
    await user.type(input('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const message = await screen.findByText('This password is too common. Please choose a less common one.');
    expect(input('Password').getAttribute('aria-invalid')).toBe('true');
    expect(input('Password').getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(input('Password'));
    expect(input('Email Address').value).toBe('ayesha@example.com');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/register']);
  });

  it('asks for a password of at least 6 characters', async () => {
    const user = userEvent.setup();
    renderRoute('/register');
    await user.type(input('Password'), 'abc');
    await user.type(input('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeTruthy();
    expect(screen.getByText('Please enter your full name.')).toBeTruthy();
  });

  it('has a show/hide toggle on both password fields', async () => {
    const user = userEvent.setup();
    renderRoute('/register');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[0]);
    expect(input('Password').type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });
});

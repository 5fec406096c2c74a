import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerAs, stubGetRequests } from '../../test/api-stub.ts';
import { messageAnswer } from '../../../contract/answers.ts';
import { renderRoute } from '../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

describe('/verify-email without a token', () => {
  it('tells the person to check their email, and for how long the link works', async () => {
    renderRoute('/verify-email?email=ayesha%40example.com');
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText('We have sent an email to ayesha@example.com.')).toBeTruthy();
    expect(screen.getByText(/expires in 24 hours/)).toBeTruthy();
  });

  it('asks for the address when none is known, and Cancel sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderRoute('/verify-email');

    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend Verification Email' });
    expect(dialog).toBeTruthy();
    expect(screen.getByLabelText('Email Address')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('/verify-email with a link opened a second time', () => {
  it('says the address is already verified and offers login, never "Verification Failed"', async () => {
    stubGetRequests({ '/api/auth/verify-email': answerAs(messageAnswer, { success: true, code: 'auth.alreadyVerified', message: 'Your email is already verified. You can log in.' }) });
    renderRoute('/verify-email?token=used-once&email=ayesha%40example.com');
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeTruthy();
    expect(screen.getByText('Your email is already verified. You can log in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'Verification Failed' })).toBeNull();
  });
});

describe('/verify-email when the answer is not the API', () => {
  const textPage = () => new Response('<html>Wi-Fi sign-in</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });

  it('a link whose answer cannot be read says an unexpected error occurred during verification', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => textPage());
    renderRoute('/verify-email?token=some-token');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred during verification.')).toBeTruthy();
  });

  it('a resend whose answer cannot be read says so in its own words', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => textPage());
    const user = userEvent.setup();
    renderRoute('/verify-email?email=ayesha%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('An error occurred while resending verification. Please try again.')).toBeTruthy();
  });
});

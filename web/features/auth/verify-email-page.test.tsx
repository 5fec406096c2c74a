import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

describe('/verify-email without a token', () => {
  it('tells the person to check their email, and for how long the link works', async () => {
    renderRoute('/verify-email?email=ayesha%40example.com');
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText('We have sent a verification link to ayesha@example.com.')).toBeTruthy();
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

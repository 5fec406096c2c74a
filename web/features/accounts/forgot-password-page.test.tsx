import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

describe('/forgot-password', () => {
  it('asks for an email address when none is given', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderRoute('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for a valid email address', async () => {
    const user = userEvent.setup();
    renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('links back to login', async () => {
    renderRoute('/forgot-password');
    expect((await screen.findByRole('link', { name: 'Back to Login' })).getAttribute('href')).toBe('/login');
  });
});

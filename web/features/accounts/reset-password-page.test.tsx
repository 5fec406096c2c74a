import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../test/render.tsx';

describe('/reset-password', () => {
  it('without a token, says so and sends the person to ask for a new link', async () => {
    const { router } = renderRoute('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Forgot Password?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(await screen.findByText('Invalid or missing reset token. Please request a new password reset.')).toBeTruthy();
  });

  it('with a token, asks for the new password twice', async () => {
    renderRoute('/reset-password?token=abc');
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeTruthy();
    expect(screen.getByLabelText('New Password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm New Password')).toBeTruthy();
  });
});

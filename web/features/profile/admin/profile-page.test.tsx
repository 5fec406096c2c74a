import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/render.tsx';
import { adminAuth, renderWithAdmin } from '../../../test/admin.tsx';
import { ok, stubGetRequests } from '../../../test/api-stub.ts';
import { AdminProfilePage } from './profile-page.tsx';
import { profileFormFor } from './profile-form.ts';

afterEach(() => vi.restoreAllMocks());

const me = makeUser({
  id: 'admin-1',
  name: 'Bilal Admin',
  email: 'admin@example.com',
  role: 'ADMIN',
  phone: '0300-7654321',
  cnic: '3520212345671',
  referralCode: 'BILAL9',
  createdAt: '2025-06-15T09:00:00.000Z',
});

const profile = { ...me, emailReminders: true, phoneConfirmed: false };
const stubProfile = () => stubGetRequests({ '/api/profile': ok({ user: profile, data: { user: profile } }) });
const writes = (refused: { method: string; url: string }[]) => refused.filter((call) => call.method !== 'GET');

describe('/admin/profile', () => {
  it('shows the name, email, role badge with Administrator Access, and member-since date', async () => {
    stubProfile();
    renderWithAdmin(<AdminProfilePage />);
    expect(await screen.findByRole('heading', { name: 'Profile Settings', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Member since 15 Jun 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bilal Admin', level: 2 })).toBeTruthy();
    expect(screen.getAllByText('admin@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('Administrator')).toBeTruthy();
    expect(screen.getByText('Administrator Access')).toBeTruthy();
    expect(await screen.findByText('35202-1234567-1')).toBeTruthy();
  });

  it('says User, without Administrator Access, for a member', async () => {
    const member = makeUser({ role: 'USER' });
    stubGetRequests({ '/api/profile': ok({ user: { ...member, emailReminders: true, phoneConfirmed: false }, data: { user: { ...member, emailReminders: true, phoneConfirmed: false } } }) });
    renderWithAdmin(<AdminProfilePage />, { auth: adminAuth({ user: member }) });
    expect(await screen.findByText('User')).toBeTruthy();
    expect(screen.queryByText('Administrator Access')).toBeNull();
  });

  it('opens Edit Profile with the fields filled in, and Cancel returns to the details', async () => {
    const { refused } = stubProfile();
    const user = userEvent.setup();
    renderWithAdmin(<AdminProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    const form = await screen.findByRole('form', { name: 'Edit Profile' });
    expect((within(form).getByLabelText('Full Name') as HTMLInputElement).value).toBe('Bilal Admin');
    expect((within(form).getByLabelText('Email Address') as HTMLInputElement).value).toBe('admin@example.com');
    expect((within(form).getByLabelText(/^Phone Number/) as HTMLInputElement).value).toBe('0300-7654321');
    expect((within(form).getByLabelText(/^CNIC/) as HTMLInputElement).value).toBe('35202-1234567-1');
    expect(within(form).getByLabelText('Current Password').getAttribute('type')).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Full Name')));

    await user.click(within(form).getAllByRole('button', { name: 'Show password' })[0]);
    expect(within(form).getByLabelText('New Password').getAttribute('type')).toBe('text');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit Profile' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(writes(refused)).toEqual([]);
  });

  it('says when the new passwords do not match, and sends nothing', async () => {
    const { refused } = stubProfile();
    const user = userEvent.setup();
    renderWithAdmin(<AdminProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('form', { name: 'Edit Profile' });

    await user.type(within(form).getByLabelText('Current Password'), 'old-secret');
    await user.type(within(form).getByLabelText('New Password'), 'new-secret');
    await user.type(within(form).getByLabelText('Confirm New Password'), 'new-secrets');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByText('Passwords do not match. Please try again.')).toBeTruthy();
    expect(within(form).getByLabelText('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(writes(refused)).toEqual([]);
  });

  it('tries to save the profile for real, and says when that failed', async () => {
    const { refused } = stubProfile();
    const user = userEvent.setup();
    renderWithAdmin(<AdminProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const form = await screen.findByRole('form', { name: 'Edit Profile' });
    await user.clear(within(form).getByLabelText('Full Name'));
    await user.type(within(form).getByLabelText('Full Name'), 'Bilal Ahmed');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    // Only reads are answered in these tests: the refused save shows the specification's message.
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe('Failed to update profile. Please try again.');
    expect(writes(refused).map((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`)).toEqual(['PUT /api/profile']);
  });
});

describe('profileFormFor', () => {
  const base = { name: 'Bilal Admin', email: 'admin@example.com', phone: '', cnic: '', currentPassword: '', newPassword: '', confirmPassword: '', code: '' };
  const profileForm = profileFormFor('admin@example.com', false);

  it('keeps the password when its fields are empty', () => {
    expect(profileForm.safeParse(base).success).toBe(true);
  });

  it('checks the password change once any of its fields is filled in', () => {
    const messages = (values: typeof base) => {
      const result = profileForm.safeParse(values);
      return result.success ? [] : result.error.issues.map((issue: { path: PropertyKey[]; message: string }) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ ...base, newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual([
      'currentPassword: Please enter your password.',
      'confirmPassword: Passwords do not match. Please try again.',
    ]);
    expect(messages({ ...base, currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' })).toEqual(['newPassword: Password must be at least 6 characters long.']);
    expect(messages({ ...base, currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([]);
  });

  it('asks for the current password for a new email, and for the code too when two-factor is on', () => {
    const withTwoFactor = profileFormFor('admin@example.com', true);
    const messages = (form: typeof profileForm, values: typeof base) => {
      const result = form.safeParse(values);
      return result.success ? [] : result.error.issues.map((issue: { path: PropertyKey[]; message: string }) => `${issue.path.join('.')}: ${issue.message}`);
    };
    // The same address in other letters is no change.
    expect(messages(profileForm, { ...base, email: 'Admin@Example.com' })).toEqual([]);
    expect(messages(profileForm, { ...base, email: 'new@example.com' })).toEqual(['currentPassword: Enter your current password to confirm this change.']);
    expect(messages(withTwoFactor, { ...base, email: 'new@example.com', currentPassword: 'x' })).toEqual(['code: Enter the 6-digit code from your authenticator app.']);
    expect(messages(withTwoFactor, { ...base, email: 'new@example.com', currentPassword: 'x', code: '123 456' })).toEqual([]);
    expect(messages(withTwoFactor, { ...base, name: 'Renamed' })).toEqual([]);
  });
});

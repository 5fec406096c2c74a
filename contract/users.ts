/** User administration and profiles (admin document §2 User Management and Profile; RULES §3). */
import { z } from 'zod';
import { accountMessages, cnicField, emailField, nameField, passwordField, phoneField, roleSchema } from './accounts.ts';

export const userMessages = {
  notFound: 'User not found.',
  selfBlock: 'You cannot block your own account.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfDemote: 'You cannot remove your own administrator role.',
  lastAdmin: 'The last active administrator cannot be demoted.',
  currentPasswordWrong: 'Your current password is not correct.',
  emailChangeSent: 'We sent a link to your new email address. Your email changes once you open it.',
  profileUpdated: 'Your profile has been updated successfully.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
} as const;

export const adminUserUpdateBody = z.object({
  name: nameField,
  email: emailField,
  phone: z.preprocess((v) => (v === null ? '' : v), phoneField),
  role: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), roleSchema),
});

export const userStatusBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false.' }) });
export const userBlockBody = z.object({ isBlocked: z.boolean({ error: 'isBlocked must be true or false.' }), reason: z.string().trim().max(500).optional() });
export const adminSetPasswordBody = z.object({ password: passwordField });

export const profileBody = z.object({
  name: nameField,
  email: emailField,
  phone: z.preprocess((v) => (v === null ? '' : v), phoneField),
  cnic: z.preprocess((v) => (v === null ? '' : v), cnicField),
});

export const changePasswordBody = z
  .object({
    currentPassword: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(1024),
    newPassword: passwordField,
    confirmPassword: z.string({ error: accountMessages.passwordsDoNotMatch }),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: accountMessages.passwordsDoNotMatch, path: ['confirmPassword'] });

export const USER_FILTERS = ['ALL', 'ACTIVE', 'INACTIVE', 'BLOCKED'] as const;

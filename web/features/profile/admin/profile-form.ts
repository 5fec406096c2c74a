/**
 * The Edit Profile form (admin document §2 "Profile"): the profile fields, checked as the server
 * checks them (contract/users.ts profileBody), and the optional password change (changePasswordBody),
 * checked only when one of its fields is filled in.
 */
import { z } from 'zod';
import type { PublicUser } from '../../../../contract/accounts.ts';
import { changePasswordBody, profileBody } from '../../../../contract/users.ts';
import { formatCnic } from '../../../lib/format.ts';

export const profileForm = profileBody
  .extend({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((values, context) => {
    if (!wantsPasswordChange(values)) return;
    const result = changePasswordBody.safeParse(passwordPart(values));
    if (result.success) return;
    for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

export type ProfileFormInput = z.input<typeof profileForm>;
export type ProfileFormValues = z.output<typeof profileForm>;

/** Filling in any password field asks for a password change; leaving all three empty keeps it. */
export function wantsPasswordChange(values: { currentPassword: string; newPassword: string; confirmPassword: string }): boolean {
  return Boolean(values.currentPassword || values.newPassword || values.confirmPassword);
}

export function passwordPart(values: { currentPassword: string; newPassword: string; confirmPassword: string }) {
  return { currentPassword: values.currentPassword, newPassword: values.newPassword, confirmPassword: values.confirmPassword };
}

export function profilePart(values: ProfileFormValues) {
  return { name: values.name, email: values.email, phone: values.phone, cnic: values.cnic };
}

export function formValuesOf(user: PublicUser | null): ProfileFormInput {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    cnic: formatCnic(user?.cnic),
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

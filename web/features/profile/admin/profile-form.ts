/**
 * The Edit Profile form (admin document §2 "Profile"): the profile fields, checked as the server
 * checks them (contract/users.ts profileBody), and the optional password change (changePasswordBody),
 * checked only when a new password is filled in. A new email or a new password asks for the current
 * password, and the current two-factor code when two-factor sign-in is on (step-up, decision 047).
 */
import { z } from 'zod';
import { stepUpMessages, twoFactorCodeField, type PublicUser } from '../../../../contract/accounts.ts';
import { changePasswordBody, profileBody } from '../../../../contract/users.ts';
import { formatCnic } from '../../../lib/format.ts';

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string; code: string };

/** The form for a person whose email is `currentEmail`, with two-factor sign-in on or off. */
export function profileFormFor(currentEmail: string, twoFactorOn: boolean) {
  return profileBody
    .omit({ currentPassword: true, code: true })
    .extend({
      currentPassword: z.string(),
      newPassword: z.string(),
      confirmPassword: z.string(),
      code: z.string(),
    })
    .superRefine((values, context) => {
      if (wantsPasswordChange(values)) {
        const result = changePasswordBody.safeParse(passwordPart(values, false));
        if (!result.success) for (const issue of result.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      if (!needsStepUp(values, currentEmail)) return;
      // A password change's own check already asks for it.
      if (!values.currentPassword && !wantsPasswordChange(values)) context.addIssue({ code: 'custom', message: stepUpMessages.passwordRequired, path: ['currentPassword'] });
      if (twoFactorOn) {
        const code = twoFactorCodeField.safeParse(values.code);
        if (!code.success) context.addIssue({ code: 'custom', message: code.error.issues[0].message, path: ['code'] });
      }
    });
}

export type ProfileForm = ReturnType<typeof profileFormFor>;
export type ProfileFormInput = z.input<ProfileForm>;
export type ProfileFormValues = z.output<ProfileForm>;

/** Filling in the new password (or its confirmation) asks for a password change; leaving both empty keeps it. */
export function wantsPasswordChange(values: Pick<PasswordValues, 'newPassword' | 'confirmPassword'>): boolean {
  return Boolean(values.newPassword || values.confirmPassword);
}

/** Whether the email, as typed, is another than the current one (the server compares it trimmed and lowercased). */
export function emailChanges(email: string, currentEmail: string): boolean {
  return email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** A new email or a new password: the changes that ask for the current password (and code). */
export function needsStepUp(values: Pick<PasswordValues, 'newPassword' | 'confirmPassword'> & { email: string }, currentEmail: string): boolean {
  return wantsPasswordChange(values) || emailChanges(values.email, currentEmail);
}

/** The password change's body; the code only when two-factor sign-in asks for one. */
export function passwordPart(values: PasswordValues, twoFactorOn: boolean) {
  return {
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
    confirmPassword: values.confirmPassword,
    ...(twoFactorOn && values.code ? { code: values.code } : {}),
  };
}

/** The profile's body; the proof only with a new email, the one change of it that asks for one. */
export function profilePart(values: ProfileFormValues, currentEmail: string, twoFactorOn: boolean) {
  const part = { name: values.name, email: values.email, phone: values.phone, cnic: values.cnic };
  if (!emailChanges(values.email, currentEmail)) return part;
  return { ...part, currentPassword: values.currentPassword, ...(twoFactorOn && values.code ? { code: values.code } : {}) };
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
    code: '',
  };
}

/**
 * The member's reminder emails choice (docs/rules.md "Reminders"): read with the profile (GET /api/profile
 * carries `emailReminders`), saved with PUT /api/profile. The profile's PUT replaces phone and CNIC with
 * what it is sent, so the current ones are sent back with the choice, as the profile form does.
 */
import type { z } from 'zod';
import { profileAnswer, profileUpdatedAnswer, type profileBody, type profileUser } from '../../../../contract/users.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { profileKeys } from '../admin/api.ts';

export type ProfileWithReminders = z.output<typeof profileUser>;

/** Under the profile's own key, so that saving the profile form (which refreshes that key) refreshes this too. */
export const reminderProfileKey = [...profileKeys.me, 'reminders'] as const;

export async function fetchReminderProfile(signal?: AbortSignal): Promise<ProfileWithReminders> {
  return readAnswer(profileAnswer, await api.get('/profile', undefined, { signal })).user;
}

export async function saveEmailReminders(user: ProfileWithReminders, emailReminders: boolean): Promise<ProfileWithReminders | null> {
  const values: z.input<typeof profileBody> = { name: user.name, email: user.email, emailReminders };
  if (user.phone) values.phone = user.phone;
  if (user.cnic) values.cnic = user.cnic;
  return readAnswer(profileUpdatedAnswer, await api.put('/profile', values, { retries: 0 })).user;
}

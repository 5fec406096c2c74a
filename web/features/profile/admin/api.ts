/**
 * The signed-in person's own account (server/profile/profile-routes.ts): read it, save name, email,
 * phone and CNIC (a new email changes only once its owner opens the link sent to it), and change the
 * password (every other session ends).
 */
import type { z } from 'zod';
import { publicUser, type PublicUser } from '../../../../contract/accounts.ts';
import type { changePasswordBody, profileAnswer, profileBody, profileUpdatedAnswer } from '../../../../contract/users.ts';
import { api } from '../../../lib/api-client.ts';
import type { messageAnswer } from '../../../../contract/answers.ts';

export type ProfileUpdate = z.output<typeof profileBody>;
export type PasswordChange = z.output<typeof changePasswordBody>;

export const profileKeys = { me: ['profile', 'me'] as const };

export async function fetchProfile(signal?: AbortSignal): Promise<PublicUser> {
  const body = await api.get<z.output<typeof profileAnswer>>('/profile', undefined, { signal });
  return publicUser.parse(body?.data?.user ?? body?.user);
}

export async function saveProfile(values: ProfileUpdate): Promise<{ user: PublicUser | null; emailChangePending: boolean; message?: string }> {
  const body = await api.put<z.output<typeof profileUpdatedAnswer>>('/profile', values, { retries: 0 });
  const parsed = publicUser.safeParse(body?.data?.user ?? body?.user);
  return { user: parsed.success ? parsed.data : null, emailChangePending: body?.data?.emailChangePending === true, message: body?.message };
}

/** Sent once only: a retried change could meet a password that has already changed. */
export const changePassword = (values: PasswordChange) => api.put<z.output<typeof messageAnswer>>('/profile/password', values, { retries: 0 });

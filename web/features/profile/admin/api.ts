/**
 * The signed-in person's own account (server/profile/profile-routes.ts): read it, save name, email,
 * phone and CNIC (a new email changes only once its owner opens the link sent to it), and change the
 * password (every other session ends).
 */
import type { z } from 'zod';
import type { PublicUser } from '../../../../contract/accounts.ts';
import { profileAnswer, profileUpdatedAnswer, type changePasswordBody, type profileBody } from '../../../../contract/users.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { messageAnswer } from '../../../../contract/answers.ts';

export type ProfileUpdate = z.output<typeof profileBody>;
export type PasswordChange = z.output<typeof changePasswordBody>;

export const profileKeys = { me: ['profile', 'me'] as const };

export async function fetchProfile(signal?: AbortSignal): Promise<PublicUser> {
  return readAnswer(profileAnswer, await api.get('/profile', undefined, { signal })).user;
}

export async function saveProfile(values: ProfileUpdate): Promise<{ user: PublicUser | null; emailChangePending: boolean; message?: string }> {
  const answer = readAnswer(profileUpdatedAnswer, await api.put('/profile', values, { retries: 0 }));
  return { user: answer.user, emailChangePending: answer.data.emailChangePending, message: answer.message };
}

/** Sent once only: a retried change could meet a password that has already changed. */
export const changePassword = async (values: PasswordChange) => readAnswer(messageAnswer, await api.put('/profile/password', values, { retries: 0 }));

/**
 * Confirming the profile's phone with a code sent to it (server/profile/phone-confirmation-routes.ts,
 * decision 057): ask for the code, then send it back. Both are sent once only: a retried request would
 * send a second code, or count a second try.
 */
import type { z } from 'zod';
import { phoneCodeSentAnswer, phoneConfirmedAnswer, type PhoneCodeSent } from '../../../../contract/phone-confirmation.ts';
import { profileAnswer, type profileUser } from '../../../../contract/users.ts';
import { api, ApiError, readAnswer } from '../../../lib/api-client.ts';
import { profileKeys } from '../admin/api.ts';

export type { PhoneCodeSent };

/** The profile as GET /api/profile answers it: with the phone and whether it is confirmed. */
export type ProfileWithPhone = z.output<typeof profileUser>;

/** Under the profile's own key, so that saving the profile form (which refreshes that key) refreshes this too. */
export const phoneProfileKey = [...profileKeys.me, 'phone'] as const;

export async function fetchPhoneProfile(signal?: AbortSignal): Promise<ProfileWithPhone> {
  return readAnswer(profileAnswer, await api.get('/profile', undefined, { signal })).user;
}

export async function sendPhoneCode(): Promise<PhoneCodeSent> {
  return readAnswer(phoneCodeSentAnswer, await api.post('/profile/phone/confirmation', undefined, { retries: 0 })).data;
}

export async function confirmPhoneCode(code: string): Promise<ProfileWithPhone> {
  return readAnswer(phoneConfirmedAnswer, await api.post('/profile/phone/confirm', { code }, { retries: 0 })).user;
}

/** A wrong code's answer says how many tries it has left (400 phone.codeWrong). */
export function triesLeftOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const tries = (error.body as { triesLeft?: unknown } | undefined)?.triesLeft;
  return typeof tries === 'number' ? tries : undefined;
}

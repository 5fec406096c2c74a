/**
 * Confirming the profile's phone with a code sent to it (server/profile/phone-confirmation-routes.ts,
 * decision 057): ask for the code, then send it back. Both are sent once only: a retried request would
 * send a second code, or count a second try.
 */
import { phoneCodeSentAnswer, phoneConfirmedAnswer, type PhoneCodeSent } from '../../../../contract/phone-confirmation.ts';
import { api, ApiError, readAnswer } from '../../../lib/api-client.ts';
import type { ProfileWithReminders } from './api.ts';

export type { PhoneCodeSent };

export async function sendPhoneCode(): Promise<PhoneCodeSent> {
  return readAnswer(phoneCodeSentAnswer, await api.post('/profile/phone/confirmation', undefined, { retries: 0 })).data;
}

export async function confirmPhoneCode(code: string): Promise<ProfileWithReminders> {
  return readAnswer(phoneConfirmedAnswer, await api.post('/profile/phone/confirm', { code }, { retries: 0 })).user;
}

/** A wrong code's answer says how many tries it has left (400 phone.codeWrong). */
export function triesLeftOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const tries = (error.body as { triesLeft?: unknown } | undefined)?.triesLeft;
  return typeof tries === 'number' ? tries : undefined;
}

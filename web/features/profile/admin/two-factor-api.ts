/**
 * The admin's own two-factor sign-in (server/accounts/two-factor-routes.ts): its status, starting the
 * set-up, turning it on with a first code and off with the password and a code. Answers are checked
 * against the contract's schemas before they are trusted.
 */
import {
  recoveryCodesAnswer,
  twoFactorEnableAnswer,
  twoFactorSetupAnswer,
  twoFactorStatusAnswer,
  type RecoveryCodesBody,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetup,
  type TwoFactorSetupBody,
  type TwoFactorStatus,
} from '../../../../contract/accounts.ts';
import type { ServerAnswer } from '../../../lib/i18n.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

export const twoFactorKeys = { status: ['profile', 'two-factor'] as const };

export async function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return readAnswer(twoFactorStatusAnswer, await api.get('/auth/two-factor', undefined, { signal })).twoFactor;
}

/**
 * Not retried: each call makes a new secret, and the QR code shown must be the last one made. Needs
 * the current password (step-up, decision 047).
 */
export async function startTwoFactorSetup(currentPassword: string): Promise<TwoFactorSetup> {
  return readAnswer(twoFactorSetupAnswer, await api.post('/auth/two-factor/setup', { currentPassword } satisfies TwoFactorSetupBody, { retries: 0 })).data;
}

/** What the server said it did, with the code it is translated by (lib/i18n.ts textOfAnswer). */
const answerOf = (body: { code?: string; message?: string }): ServerAnswer | undefined => (body.message ? { code: body.code, message: body.message } : undefined);

/**
 * Not retried: a code is accepted once, so a second attempt with it would always be refused. The
 * answer carries the first recovery codes, shown this once.
 */
export async function enableTwoFactor(values: TwoFactorEnableBody): Promise<{ status: TwoFactorStatus; answer?: ServerAnswer; recoveryCodes?: string[] }> {
  const body = readAnswer(twoFactorEnableAnswer, await api.post('/auth/two-factor/enable', values, { retries: 0 }));
  return { status: body.twoFactor, answer: answerOf(body), recoveryCodes: body.recoveryCodes };
}

/**
 * A new set of recovery codes (the earlier set stops working), with the current password and a current
 * code. Not retried: a second call would replace the codes the first answered, and the code is used once.
 */
export async function createRecoveryCodes(values: RecoveryCodesBody): Promise<string[]> {
  return readAnswer(recoveryCodesAnswer, await api.post('/auth/two-factor/recovery-codes', values, { retries: 0 })).recoveryCodes;
}

export async function disableTwoFactor(values: TwoFactorDisableBody): Promise<{ status: TwoFactorStatus; answer?: ServerAnswer }> {
  const body = readAnswer(twoFactorStatusAnswer, await api.post('/auth/two-factor/disable', values, { retries: 0 }));
  return { status: body.twoFactor, answer: answerOf(body) };
}

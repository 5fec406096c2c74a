/**
 * The admin's own two-factor sign-in (server/accounts/two-factor-routes.ts): its status, starting the
 * set-up, turning it on with a first code and off with the password and a code. Answers are checked
 * against the contract's schemas before they are trusted.
 */
import type { z } from 'zod';
import {
  type recoveryCodesAnswer,
  type RecoveryCodesBody,
  twoFactorSetup,
  twoFactorStatus,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupBody,
  type twoFactorEnableAnswer,
  type TwoFactorSetup,
  type twoFactorSetupAnswer,
  type TwoFactorStatus,
  type twoFactorStatusAnswer,
} from '../../../../contract/accounts.ts';
import type { ServerAnswer } from '../../../lib/i18n.ts';
import { api } from '../../../lib/api-client.ts';

export const twoFactorKeys = { status: ['profile', 'two-factor'] as const };

type StatusBody = z.output<typeof twoFactorStatusAnswer>;

const statusOf = (body: StatusBody | undefined) => twoFactorStatus.parse(body?.data?.twoFactor ?? body?.twoFactor);

export async function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return statusOf(await api.get<StatusBody>('/auth/two-factor', undefined, { signal }));
}

/**
 * Not retried: each call makes a new secret, and the QR code shown must be the last one made. Needs
 * the current password (step-up, decision 047).
 */
export async function startTwoFactorSetup(currentPassword: string): Promise<TwoFactorSetup> {
  const body = await api.post<z.output<typeof twoFactorSetupAnswer>>('/auth/two-factor/setup', { currentPassword } satisfies TwoFactorSetupBody, { retries: 0 });
  return twoFactorSetup.parse(body?.data);
}

/** What the server said it did, with the code it is translated by (lib/i18n.ts textOfAnswer). */
const answerOf = (body: { code?: string; message?: string } | undefined): ServerAnswer | undefined => (body?.message ? { code: body.code, message: body.message } : undefined);

/** The codes as the server answered them: strings, or none when the answer carries none. */
const codesOf = (codes: unknown): string[] | undefined => (Array.isArray(codes) && codes.every((code) => typeof code === 'string') ? codes : undefined);

/**
 * Not retried: a code is accepted once, so a second attempt with it would always be refused. The
 * answer carries the first recovery codes, shown this once.
 */
export async function enableTwoFactor(values: TwoFactorEnableBody): Promise<{ status: TwoFactorStatus; answer?: ServerAnswer; recoveryCodes?: string[] }> {
  const body = await api.post<z.output<typeof twoFactorEnableAnswer>>('/auth/two-factor/enable', values, { retries: 0 });
  return { status: statusOf(body), answer: answerOf(body), recoveryCodes: codesOf(body?.data?.recoveryCodes ?? body?.recoveryCodes) };
}

/**
 * A new set of recovery codes (the earlier set stops working), with the current password and a current
 * code. Not retried: a second call would replace the codes the first answered, and the code is used once.
 */
export async function createRecoveryCodes(values: RecoveryCodesBody): Promise<string[]> {
  const body = await api.post<z.output<typeof recoveryCodesAnswer>>('/auth/two-factor/recovery-codes', values, { retries: 0 });
  const codes = codesOf(body?.data?.recoveryCodes ?? body?.recoveryCodes);
  if (!codes) throw new Error('Recovery codes answer without codes');
  return codes;
}

export async function disableTwoFactor(values: TwoFactorDisableBody): Promise<{ status: TwoFactorStatus; answer?: ServerAnswer }> {
  const body = await api.post<StatusBody>('/auth/two-factor/disable', values, { retries: 0 });
  return { status: statusOf(body), answer: answerOf(body) };
}

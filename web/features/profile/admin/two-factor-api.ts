/**
 * The admin's own two-factor sign-in (server/accounts/two-factor-routes.ts): its status, starting the
 * set-up, turning it on with a first code and off with the password and a code. Answers are checked
 * against the contract's schemas before they are trusted.
 */
import type { z } from 'zod';
import {
  twoFactorSetup,
  twoFactorStatus,
  type TwoFactorDisableBody,
  type TwoFactorSetup,
  type twoFactorSetupAnswer,
  type TwoFactorStatus,
  type twoFactorStatusAnswer,
} from '../../../../contract/accounts.ts';
import { api } from '../../../lib/api-client.ts';

export const twoFactorKeys = { status: ['profile', 'two-factor'] as const };

type StatusBody = z.output<typeof twoFactorStatusAnswer>;

const statusOf = (body: StatusBody | undefined) => twoFactorStatus.parse(body?.data?.twoFactor ?? body?.twoFactor);

export async function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return statusOf(await api.get<StatusBody>('/auth/two-factor', undefined, { signal }));
}

/** Not retried: each call makes a new secret, and the QR code shown must be the last one made. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  const body = await api.post<z.output<typeof twoFactorSetupAnswer>>('/auth/two-factor/setup', undefined, { retries: 0 });
  return twoFactorSetup.parse(body?.data);
}

/** Not retried: a code is accepted once, so a second attempt with it would always be refused. */
export async function enableTwoFactor(code: string): Promise<{ status: TwoFactorStatus; message?: string }> {
  const body = await api.post<StatusBody>('/auth/two-factor/enable', { code }, { retries: 0 });
  return { status: statusOf(body), message: body?.message };
}

export async function disableTwoFactor(values: TwoFactorDisableBody): Promise<{ status: TwoFactorStatus; message?: string }> {
  const body = await api.post<StatusBody>('/auth/two-factor/disable', values, { retries: 0 });
  return { status: statusOf(body), message: body?.message };
}

/**
 * Passwords everybody tries first are refused wherever a password is chosen (ASVS 6.2.4): the
 * 10,000 most common ones long enough to pass the length rule, from the zxcvbn-ts list (which is
 * ordered by how often each appears in breaches). Server-side only: the list stays out of the web bundle.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { accountMessages, PASSWORD_MIN_LENGTH } from '../../contract/accounts.ts';
import { badRequest } from '../http/errors.ts';

export const COMMON_PASSWORDS_CHECKED = 10_000;

const commonPasswords = new Set(
  dictionary['passwords-common']
    .filter((password) => password.length >= PASSWORD_MIN_LENGTH)
    .slice(0, COMMON_PASSWORDS_CHECKED)
    .map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** A 400 on `field` for a common password; the same message whatever the form. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(accountMessages.passwordTooCommon, { [field]: accountMessages.passwordTooCommon });
}

/**
 * A member's phone confirmed by a one-time code (decision 057): nothing goes to a phone by WhatsApp or
 * SMS before its owner has typed back the code sent to it. POST /api/profile/phone/confirmation sends
 * the code; POST /api/profile/phone/confirm checks it.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { profileUser } from './users.ts';

export const PHONE_CODE_DIGITS = 6;
/** Wrong codes allowed before a code is spent and a new one must be asked for. */
export const PHONE_CODE_TRIES = 5;
/** Seconds between one code and the next one asked for. */
export const PHONE_CODE_RESEND_SECONDS = 60;

export const phoneMessages = {
  noPhone: 'Add your phone number to your profile first.',
  phoneUnusable: 'A code cannot be sent to this number. Enter a Pakistani mobile number such as 0300 1234567, or a number with its country code such as +966 50 123 4567.',
  alreadyConfirmed: 'Your phone number is already confirmed.',
  noProvider: 'Codes by WhatsApp or SMS are not set up on this service yet.',
  sendFailed: 'The code could not be sent just now. Please try again in a few minutes.',
  resendWait: 'Please wait a minute before asking for another code.',
  codeSent: 'We sent a 6-digit code to your phone.',
  codeInvalid: 'Enter the 6-digit code.',
  codeWrong: 'That code is not correct.',
  noCode: 'Ask for a code first.',
  codeExpired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  confirmed: 'Your phone number is confirmed.',
} as const;

/**
 * The number in E.164, as WhatsApp and SMS gateways take it, or undefined when no code could reach it:
 * a Pakistani mobile however it is written (0300 1234567, 300-1234567, 92 300 1234567, 0092…, +92…),
 * or another country's number written with its + and country code.
 */
export function phoneToE164(phone: string): string | undefined {
  const compact = phone.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  const pakistani = /^(?:\+?92|0)?(3[0-9]{9})$/.exec(compact);
  if (pakistani) return `+92${pakistani[1]}`;
  if (/^\+92/.test(compact)) return undefined;
  return /^\+[1-9][0-9]{7,14}$/.test(compact) ? compact : undefined;
}

/** Digits as a phone's keyboard may type them in Urdu (۰–۹) or Arabic (٠–٩), read as 0–9. */
const westernDigits = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) % 16)) : value;

export const phoneConfirmBody = z.object({
  code: z.preprocess(westernDigits, z.string({ error: phoneMessages.codeInvalid }).trim().regex(/^[0-9]{6}$/, phoneMessages.codeInvalid)),
});
export type PhoneConfirmBody = z.input<typeof phoneConfirmBody>;

export const phoneChannel = z.enum(['whatsapp', 'sms']);

/** POST /api/profile/phone/confirmation: where the code went, until when it is good, and when another may be asked for. */
export const phoneCodeSent = z.object({
  channel: phoneChannel,
  /** The number the code went to, in E.164. */
  phone: z.string(),
  expiresAt: z.string(),
  resendAt: z.string(),
});
export type PhoneCodeSent = z.output<typeof phoneCodeSent>;
export const phoneCodeSentAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: phoneCodeSent });

/** POST /api/profile/phone/confirm: the account, its phone now confirmed. */
export const phoneConfirmedAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), user: profileUser, data: z.object({ user: profileUser }) });

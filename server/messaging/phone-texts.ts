/**
 * The words of an SMS, in the member's language. An SMS in Urdu is sent as UCS-2, 70 characters a part
 * (67 when split), so its texts are short: a message is its title, its body and the link, nothing more.
 */
import type { Language } from '../../contract/accounts.ts';
import type { ChannelMessage } from './channel.ts';

/** How long a phone's confirmation code is good for, in minutes (profile/phone-confirmation-service.ts). */
export const PHONE_CODE_MINUTES = 10;

const codeTexts: Record<Language, (code: string) => string> = {
  en: (code) => `${code} is your Umrah Committee code. It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it.`,
  ur: (code) => `${code} آپ کا عمرہ کمیٹی کوڈ ہے۔ ${PHONE_CODE_MINUTES} منٹ میں ختم۔ کسی کو نہ بتائیں۔`,
};

export function codeSmsText(code: string, language: Language): string {
  return codeTexts[language](code);
}

export function messageSmsText(message: ChannelMessage, appUrl: string): string {
  return `${message.title}\n${message.body}\n${appUrl}${message.url}`;
}

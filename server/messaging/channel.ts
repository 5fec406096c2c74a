/**
 * The channels beside email that carry a message to a member: push to a device, WhatsApp and SMS to a
 * confirmed phone. A provider sends one message and says what became of it; the outbox
 * (message-outbox.ts) decides about retries. Nothing here knows a provider's HTTP API.
 */
import type { Language } from '../../contract/accounts.ts';
import type { messageKindValues } from '../../contract/messaging.ts';

/** The kinds of message a member chooses channels for, in the profile (contract/messaging.ts). */
export type MessageKind = (typeof messageKindValues)[number];

export const PHONE_CHANNELS = ['whatsapp', 'sms'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];
export type Channel = 'push' | PhoneChannel;

/** One message in the member's language: the same words as the in-app notification. */
export type ChannelMessage = {
  kind: MessageKind;
  language: Language;
  title: string;
  body: string;
  /** The screen of the app it opens: a path such as /dashboard/payments. */
  url: string;
};

/**
 * What became of one attempt: `sent` (with the provider's id when it gives one), `retry` (the provider
 * or network failed for now: a 5xx, a timeout, a 429), `gone` (the address no longer exists: a push
 * subscription answered 404/410; it is removed and never tried again), `failed` (refused for good: a 4xx).
 */
export type SendOutcome =
  | { outcome: 'sent'; providerMessageId?: string }
  | { outcome: 'retry' | 'gone' | 'failed'; error: string };

/** A provider for a confirmed phone number (E.164, such as +923001234567). */
export interface PhoneProvider {
  readonly channel: PhoneChannel;
  send(to: string, message: ChannelMessage): Promise<SendOutcome>;
  /** The one-time code that confirms a phone, in the member's language. */
  sendCode(to: string, code: string, language: Language): Promise<SendOutcome>;
}

/**
 * The channels beside email that carry a member's messages (decision 056): the member's choice per kind
 * of message and channel (GET/PUT /api/profile/message-channels), this device's push subscription
 * (/api/push), and an administrator's list of what was sent to a member (GET /api/admin/users/{id}/messages).
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { pagination } from './pagination.ts';

export const messagingMessages = {
  choicesSaved: 'Your message choices were saved.',
  phoneNotConfirmed: 'Confirm your phone number before choosing WhatsApp or SMS.',
  channelNotOffered: 'That channel is not offered yet.',
  deviceSubscribed: 'This device will receive notifications.',
  deviceUnsubscribed: 'This device will no longer receive notifications.',
  subscriptionNotFound: 'This device is not subscribed.',
  pushServiceRefused: 'This browser’s push service is not one the app sends to.',
} as const;

/** The kinds of message a member chooses channels for, in the profile. */
export const messageKindValues = ['reminder', 'receipt', 'winner', 'draw', 'security'] as const;
export const channelValues = ['push', 'whatsapp', 'sms'] as const;
export const messageKind = z.enum(messageKindValues);
export const messageChannel = z.enum(channelValues);

const onOff = (name: string) => z.boolean({ error: `${name} must be true or false.` });
/** One kind's channels: whether each is chosen. */
export const channelChoices = z.object(
  { push: onOff('push'), whatsapp: onOff('whatsapp'), sms: onOff('sms') },
  { error: 'Each kind needs push, whatsapp and sms, each true or false.' },
);
/** Every kind's channels. */
export const messageChoices = z.object(
  { reminder: channelChoices, receipt: channelChoices, winner: channelChoices, draw: channelChoices, security: channelChoices },
  { error: 'choices needs every kind: reminder, receipt, winner, draw and security.' },
);
export type MessageChoices = z.output<typeof messageChoices>;

/** PUT /api/profile/message-channels: the whole table, and reminder emails (users.email_reminders). */
export const messageChannelsBody = z.object({ choices: messageChoices, emailReminders: onOff('emailReminders') });

/** What the member can use now: push once the app can send it and a device is subscribed; a phone channel once it has a provider and the phone is confirmed. */
export const channelAvailability = z.object({
  pushConfigured: z.boolean(),
  /** How many of the member's devices are subscribed. */
  devices: z.number(),
  phoneConfirmed: z.boolean(),
  whatsappConfigured: z.boolean(),
  smsConfigured: z.boolean(),
});

const messageChannelsData = z.object({ choices: messageChoices, emailReminders: z.boolean(), availability: channelAvailability });
export type MessageChannels = z.output<typeof messageChannelsData>;
export const messageChannelsAnswer = z.object({ success: z.literal(true), data: messageChannelsData });
export const messageChannelsSavedAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: messageChannelsData });

/** GET /api/push/key: the VAPID public key a browser subscribes with (base64url). */
export const pushKeyAnswer = z.object({ success: z.literal(true), data: z.object({ publicKey: z.string() }) });

const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} is required.` })
    .max(200)
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${name} must be base64url.` })
    // base64url holds 6 bits a character: the key's exact length without padding.
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), { error: `${name} must be ${bytes} bytes.` });

/** POST /api/push/subscriptions: the browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ error: 'endpoint must be the push service’s address.', protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) }, { error: 'keys needs p256dh and auth.' }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: the endpoint to forget. */
export const pushUnsubscribeBody = z.object({ endpoint: z.string({ error: 'endpoint is required.' }).min(1).max(2000) });

export const pushSubscribedAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ devices: z.number() }) });

export const messageStatus = z.enum(['PENDING', 'SENT', 'FAILED', 'GONE']);
/** One message to a member on a channel, as an administrator sees it: never its address nor its words. */
export const sentMessage = z.object({
  id: z.string(),
  kind: messageKind,
  channel: messageChannel,
  status: messageStatus,
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type SentMessage = z.output<typeof sentMessage>;
export const sentMessagesAnswer = z.object({ success: z.literal(true), data: z.object({ messages: z.array(sentMessage), pagination }) });

/**
 * The signed-in person's message channels (server/messaging/messaging-routes.ts): the choice per kind of
 * message and channel, and this browser's push subscription.
 */
import type { z } from 'zod';
import { messageChannelsAnswer, messageChannelsSavedAnswer, pushKeyAnswer, pushSubscribedAnswer, type messageChannelsBody, type MessageChannels } from '../../../../contract/messaging.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

export type { MessageChannels };
export type MessageChannelsChange = z.input<typeof messageChannelsBody>;

export const messageChannelsKey = ['profile', 'message-channels'] as const;

export async function fetchMessageChannels(signal?: AbortSignal): Promise<MessageChannels> {
  return readAnswer(messageChannelsAnswer, await api.get('/profile/message-channels', undefined, { signal })).data;
}

export async function saveMessageChannels(change: MessageChannelsChange): Promise<MessageChannels> {
  return readAnswer(messageChannelsSavedAnswer, await api.put('/profile/message-channels', change, { retries: 0 })).data;
}

export async function fetchPushKey(): Promise<string> {
  return readAnswer(pushKeyAnswer, await api.get('/push/key')).data.publicKey;
}

/** Answers how many of the person's devices are subscribed now. */
export async function registerDevice(subscription: PushSubscriptionJSON): Promise<number> {
  return readAnswer(pushSubscribedAnswer, await api.post('/push/subscriptions', subscription)).data.devices;
}

export async function forgetDevice(endpoint: string): Promise<number> {
  return readAnswer(pushSubscribedAnswer, await api.delete('/push/subscriptions', undefined, { endpoint })).data.devices;
}

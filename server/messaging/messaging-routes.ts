/**
 * /api/profile/message-channels: the signed-in person's choice of channels per kind of message;
 * /api/push: this device's push subscription; /api/admin/users/{id}/messages: what was sent to a member.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageChannelsAnswer,
  messageChannelsBody,
  messageChannelsSavedAnswer,
  messagingMessages,
  pushKeyAnswer,
  pushSubscribedAnswer,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  sentMessagesAnswer,
} from '../../contract/messaging.ts';
import { paginationOf, pagingQuery } from '../../contract/paging.ts';
import type { Database } from '../db/database.ts';
import { currentUser, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import { listSentMessages, readMessageChannels, saveMessageChannels, subscribeDevice, unsubscribeDevice } from './messaging-service.ts';

export function registerMessagingRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; pushKey: string; pushServices: string[] }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };

  api.get(
    '/api/profile/message-channels',
    { ...member, schema: { tags: ['profile'], summary: 'My channels per kind of message, and which channels I can use', response: responses({ 200: messageChannelsAnswer }) } },
    async (request) => ({ success: true as const, data: await readMessageChannels(deps.db, currentUser(request).id) }),
  );

  api.put(
    '/api/profile/message-channels',
    {
      ...member,
      schema: {
        tags: ['profile'],
        summary: 'Choose my channels per kind of message, and reminder emails',
        description: 'WhatsApp or SMS chosen for any kind needs a confirmed phone (409 `messaging.phoneNotConfirmed`) and a provider for it (409 `messaging.channelNotOffered`).',
        body: messageChannelsBody,
        response: responses({ 200: messageChannelsSavedAnswer }),
      },
    },
    async (request) => ({ success: true as const, message: messagingMessages.choicesSaved, data: await saveMessageChannels(deps.db, currentUser(request).id, request.body) }),
  );

  api.get(
    '/api/push/key',
    { ...member, schema: { tags: ['push'], summary: 'The key a browser subscribes to push messages with (VAPID, base64url)', response: responses({ 200: pushKeyAnswer }) } },
    async () => ({ success: true as const, data: { publicKey: deps.pushKey } }),
  );

  api.post(
    '/api/push/subscriptions',
    {
      ...member,
      schema: {
        tags: ['push'],
        summary: "Subscribe this browser to my push messages (its PushSubscription's JSON)",
        description: "An endpoint already subscribed moves to the caller. The endpoint must be at a browser's push service (400 otherwise).",
        body: pushSubscriptionBody,
        response: responses({ 201: pushSubscribedAnswer }),
      },
    },
    async (request, reply) => {
      const devices = await subscribeDevice(deps.db, currentUser(request).id, request.body, deps.pushServices);
      reply.code(201);
      return { success: true as const, message: messagingMessages.deviceSubscribed, data: { devices } };
    },
  );

  api.delete(
    '/api/push/subscriptions',
    { ...member, schema: { tags: ['push'], summary: 'Stop push messages to this browser (by its endpoint)', body: pushUnsubscribeBody, response: responses({ 200: pushSubscribedAnswer }) } },
    async (request) => {
      const devices = await unsubscribeDevice(deps.db, currentUser(request).id, request.body.endpoint);
      return { success: true as const, message: messagingMessages.deviceUnsubscribed, data: { devices } };
    },
  );

  api.get(
    '/api/admin/users/:id/messages',
    {
      onRequest: deps.auth.requireAdmin,
      schema: {
        tags: ['users'],
        summary: "A member's messages by push, WhatsApp and SMS, newest first: kind, channel, state, attempts, last error",
        params: idParam,
        querystring: pagingQuery,
        response: responses({ 200: sentMessagesAnswer }),
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { messages, total } = await listSentMessages(deps.db, request.params.id, page, limit);
      return { success: true as const, data: { messages, pagination: paginationOf(page, limit, total) } };
    },
  );
}

/**
 * A member's message channels (decision 056): the choice per kind of message and channel, what can be
 * used now, this device's push subscription, and what was sent (an administrator's view).
 */
import { messageKindValues, messagingMessages, type MessageChannels, type MessageChoices, type PushSubscriptionInput, type SentMessage } from '../../contract/messaging.ts';
import { userMessages } from '../../contract/users.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal, type ListTotal } from '../db/paging.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { PHONE_CHANNELS, type MessageKind, type PhoneChannel } from './channel.ts';
import { isPushServiceEndpoint } from './push-sender.ts';

/** A kind's channels when the member chose nothing: push on, the phone channels off. */
const DEFAULT_CHOICE = { push: true, whatsapp: false, sms: false };

export async function readMessageChannels(q: Queryable, userId: string): Promise<MessageChannels> {
  const { rows } = await q.query<{ email_reminders: boolean; phone_confirmed: boolean; devices: number; providers: string[]; choices: { kind: MessageKind; channel: 'push' | 'whatsapp' | 'sms'; chosen: boolean }[] }>(
    `SELECT u.email_reminders, u.phone_confirmed_at IS NOT NULL AND u.phone IS NOT NULL AS phone_confirmed,
       (SELECT count(*)::int FROM push_subscriptions s WHERE s.user_id = u.id) AS devices,
       ARRAY(SELECT channel FROM message_channel_providers ORDER BY channel) AS providers,
       coalesce((SELECT json_agg(json_build_object('kind', c.kind, 'channel', c.channel, 'chosen', c.chosen)) FROM message_channel_choices c WHERE c.user_id = u.id), '[]') AS choices
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  const choices = Object.fromEntries(messageKindValues.map((kind) => [kind, { ...DEFAULT_CHOICE }])) as MessageChoices;
  for (const choice of row.choices) choices[choice.kind][choice.channel] = choice.chosen;
  return {
    choices,
    emailReminders: row.email_reminders,
    availability: {
      // The app always has VAPID keys: configured, or made at the first start (push-sender.ts).
      pushConfigured: true,
      devices: row.devices,
      phoneConfirmed: row.phone_confirmed,
      whatsappConfigured: row.providers.includes('whatsapp'),
      smsConfigured: row.providers.includes('sms'),
    },
  };
}

/**
 * Saves the whole table and the reminder emails. A phone channel is chosen only with a confirmed phone
 * and a provider for it (409): a choice that could never be carried out is refused, not kept.
 */
export async function saveMessageChannels(db: Database, userId: string, body: { choices: MessageChoices; emailReminders: boolean }): Promise<MessageChannels> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { availability } = await readMessageChannels(tx, userId);
    const wanted = PHONE_CHANNELS.filter((channel) => messageKindValues.some((kind) => body.choices[kind][channel]));
    // The switches refused, each named as the body names it: choices.reminder.sms.
    const refused = (channel: PhoneChannel, text: string) =>
      conflict(text, Object.fromEntries(messageKindValues.filter((kind) => body.choices[kind][channel]).map((kind) => [`choices.${kind}.${channel}`, text])));
    if (wanted.length > 0 && !availability.phoneConfirmed) throw refused(wanted[0], messagingMessages.phoneNotConfirmed);
    const unoffered = wanted.find((channel) => !availability[`${channel}Configured`]);
    if (unoffered) throw refused(unoffered, messagingMessages.channelNotOffered);
    const rows = messageKindValues.flatMap((kind) => (['push', ...PHONE_CHANNELS] as const).map((channel) => ({ kind, channel, chosen: body.choices[kind][channel] })));
    await tx.write(
      `INSERT INTO message_channel_choices (user_id, kind, channel, chosen)
       SELECT $1, r.kind, r.channel, r.chosen FROM json_to_recordset($2::json) AS r(kind text, channel text, chosen boolean)
       ON CONFLICT (user_id, kind, channel) DO UPDATE SET chosen = EXCLUDED.chosen, updated_at = now()`,
      [userId, JSON.stringify(rows)],
    );
    await tx.write('UPDATE users SET email_reminders = $2, updated_at = now() WHERE id = $1', [userId, body.emailReminders]);
    return readMessageChannels(tx, userId);
  });
}

/** Subscribes this browser for the user: one row per endpoint, moved to whoever subscribed it last. Answers the user's devices. */
export async function subscribeDevice(db: Database, userId: string, body: PushSubscriptionInput, pushServices: string[]): Promise<number> {
  if (!isPushServiceEndpoint(body.endpoint, pushServices)) throw badRequest(messagingMessages.pushServiceRefused, { endpoint: messagingMessages.pushServiceRefused });
  await db.write(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [userId, body.endpoint, body.keys.p256dh, body.keys.auth],
  );
  return devicesOf(db, userId);
}

/** Forgets the user's subscription at this endpoint (404 when the user has none there). */
export async function unsubscribeDevice(db: Database, userId: string, endpoint: string): Promise<number> {
  const { rowCount } = await db.write('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
  if (rowCount === 0) throw notFound(messagingMessages.subscriptionNotFound);
  return devicesOf(db, userId);
}

async function devicesOf(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
  return rows[0].n;
}

/** A user's messages on every channel, newest first (message_outbox_user_idx): what and how, never to where nor the words. */
export async function listSentMessages(q: Queryable, userId: string, page: number, limit: number): Promise<{ messages: SentMessage[]; total: ListTotal }> {
  const exists = isUuid(userId) && (await q.query('SELECT 1 FROM users WHERE id = $1', [userId])).rows.length > 0;
  if (!exists) throw notFound(userMessages.notFound);
  const offset = (page - 1) * limit;
  const fromWhere = 'FROM message_outbox WHERE user_id = $1';
  const { rows } = await q.query<{ id: string; kind: SentMessage['kind']; channel: SentMessage['channel']; status: SentMessage['status']; attempts: number; created_at: Date; sent_at: Date | null; last_error: string | null }>(
    `SELECT id, kind, channel, status, attempts, created_at, sent_at, last_error ${fromWhere} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  const total = await listTotal(q, { rows: rows.length, limit, offset }, fromWhere, [userId]);
  const messages = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    channel: r.channel,
    status: r.status,
    attempts: r.attempts,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at && new Date(r.sent_at).toISOString(),
    lastError: r.last_error,
  }));
  return { messages, total };
}

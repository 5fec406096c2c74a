/**
 * The messages to members' devices and phones (decision 056), as the mail outbox is for email: a row
 * per message and channel, written in the transaction of the event it tells of. Notifications of a kind
 * a channel carries write theirs by a trigger on `notifications` (migration 056); a security notice,
 * which has no notification, by queueChannelMessages. The worker claims due rows with
 * FOR UPDATE SKIP LOCKED (safe with several servers), sends each through its channel's provider, and
 * records what became of it: sent, tried again later with back-off, refused for good, or gone (the push
 * subscription is then removed).
 */
import { phoneToE164 } from '../../contract/phone-confirmation.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { PollingWorker } from '../lib/polling-worker.ts';
import { retryDelaySeconds } from '../mail/outbox.ts';
import type { Language } from '../mail/layout.ts';
import type { Channel, MessageKind, PhoneChannel, PhoneProvider, SendOutcome } from './channel.ts';
import type { PushSender } from './push-sender.ts';

export type ChannelProviders = { push?: PushSender; phone: Partial<Record<PhoneChannel, PhoneProvider>> };

/** Who a message is for: these users, or every active administrator. */
export type Recipients = { userIds: string[] } | 'admins';

/**
 * Writes a message of `kind` to each channel the recipients chose for it (message_channel_targets,
 * migration 056), in each one's language, in one statement.
 */
export async function queueChannelMessages(q: Queryable, recipients: Recipients, kind: MessageKind, text: (language: Language) => { title: string; body: string }, url: string): Promise<void> {
  const en = text('en');
  const ur = text('ur');
  const who = recipients === 'admins' ? `u.role = 'ADMIN' AND u.is_active AND NOT u.is_blocked AND $7::uuid[] IS NULL` : 'u.id = ANY($7::uuid[])';
  await q.write(
    `INSERT INTO message_outbox (user_id, kind, channel, subscription_id, to_address, language, title, body, url)
     SELECT u.id, $1, t.channel, t.subscription_id, t.to_address, u.language,
       CASE WHEN u.language = 'ur' THEN $3 ELSE $2 END, CASE WHEN u.language = 'ur' THEN $5 ELSE $4 END, $6
     FROM users u CROSS JOIN LATERAL message_channel_targets(u.id, $1) t
     WHERE ${who}`,
    [kind, en.title, ur.title, en.body, ur.body, url, recipients === 'admins' ? null : recipients.userIds],
  );
}

/** Records which phone channels this server has a provider for, so that only their messages are written. */
export async function recordPhoneProviders(db: Queryable, channels: PhoneChannel[]): Promise<void> {
  await db.write('DELETE FROM message_channel_providers WHERE NOT (channel = ANY($1::text[]))', [channels]);
  await db.write('INSERT INTO message_channel_providers (channel) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [channels]);
}

const MAX_ATTEMPTS = 10;
const BATCH_SIZE = 20;
const LOCK_SECONDS = 120;

type ClaimedMessage = {
  id: string;
  kind: MessageKind;
  channel: Channel;
  language: Language;
  title: string;
  body: string;
  url: string;
  to_address: string | null;
  attempts: number;
  subscription_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
};

export class MessageWorker extends PollingWorker {
  private readonly db: Database;
  private readonly providers: ChannelProviders;
  private readonly logger: Logger;

  constructor(db: Database, providers: ChannelProviders, logger: Logger, intervalMs = 5000) {
    super((error) => logger.error({ err: error }, 'message worker run failed'), intervalMs);
    this.db = db;
    this.providers = providers;
    this.logger = logger;
  }

  /** The channels this server sends: a row of any other waits for a server that has its provider. */
  private channels(): Channel[] {
    return [...(this.providers.push ? ['push' as const] : []), ...(Object.keys(this.providers.phone) as PhoneChannel[])];
  }

  /** Sends every message that is due now; returns how many were sent. */
  protected async work(): Promise<number> {
    const channels = this.channels();
    if (channels.length === 0) return 0;
    let sent = 0;
    for (;;) {
      const { rows } = await this.db.write<ClaimedMessage>(
        `WITH claimed AS (
           UPDATE message_outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $1)
           WHERE id IN (
             SELECT id FROM message_outbox
             WHERE status = 'PENDING' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now()) AND channel = ANY($3::text[])
             ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING id, kind, channel, language, title, body, url, to_address, attempts, subscription_id
         )
         SELECT c.*, s.endpoint, s.p256dh, s.auth FROM claimed c LEFT JOIN push_subscriptions s ON s.id = c.subscription_id`,
        [LOCK_SECONDS, BATCH_SIZE, channels],
      );
      if (rows.length === 0) return sent;
      for (const row of rows) {
        const outcome = await this.send(row);
        await this.record(row, outcome);
        if (outcome.outcome === 'sent') sent++;
      }
      if (this.stopped) return sent;
    }
  }

  private async send(row: ClaimedMessage): Promise<SendOutcome> {
    const message = { kind: row.kind, language: row.language, title: row.title, body: row.body, url: row.url };
    try {
      if (row.channel === 'push') {
        if (!row.endpoint || !row.p256dh || !row.auth) return { outcome: 'gone', error: 'the device is no longer subscribed' };
        return await this.providers.push!.send({ endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }, message);
      }
      const provider = this.providers.phone[row.channel];
      if (!provider) return { outcome: 'retry', error: `no ${row.channel} provider is configured on this server` };
      // The phone as the member typed it ("0300 1234567"); providers take E.164 (+923001234567).
      const to = row.to_address ? phoneToE164(row.to_address) : undefined;
      if (!to) return { outcome: 'failed', error: 'the phone number is not one a message can reach' };
      return await provider.send(to, message);
    } catch (error) {
      // A provider that throws instead of answering is treated as a passing fault.
      return { outcome: 'retry', error: error instanceof Error ? error.message.slice(0, 300) : 'unknown error' };
    }
  }

  private async record(row: ClaimedMessage, outcome: SendOutcome): Promise<void> {
    if (outcome.outcome === 'sent') {
      await this.db.write(
        `UPDATE message_outbox SET status = 'SENT', sent_at = now(), provider_message_id = $2, locked_until = NULL, last_error = NULL WHERE id = $1`,
        [row.id, outcome.providerMessageId ?? null],
      );
      return;
    }
    // A push service may echo the endpoint, which is the device's secret address: never kept in the error.
    const error = (row.endpoint ? outcome.error.replaceAll(row.endpoint, '[endpoint]') : outcome.error).slice(0, 500);
    const giveUp = outcome.outcome !== 'retry' || row.attempts >= MAX_ATTEMPTS;
    const status = outcome.outcome === 'gone' ? 'GONE' : giveUp ? 'FAILED' : 'PENDING';
    await this.db.write(
      `UPDATE message_outbox SET status = $2, locked_until = NULL, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [row.id, status, error, retryDelaySeconds(row.attempts)],
    );
    // The browser dropped the subscription: never tried again (its other waiting messages go with it).
    if (outcome.outcome === 'gone' && row.subscription_id) await this.db.write('DELETE FROM push_subscriptions WHERE id = $1', [row.subscription_id]);
    this.logger.warn({ messageId: row.id, channel: row.channel, attempts: row.attempts, outcome: outcome.outcome, reason: error }, 'message not sent');
  }
}

/**
 * Web push (RFC 8030, VAPID RFC 8292, payload encrypted as aes128gcm RFC 8291) through web-push: the
 * app's VAPID keys, the push services a subscription may point to, and one message sent to one
 * subscription with what became of it.
 */
import webPush from 'web-push';
import type { PushMessage } from '../../contract/push-message.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import type { ChannelMessage, SendOutcome } from './channel.ts';

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

/** Sends one message to one browser's subscription. */
export interface PushSender {
  send(subscription: PushSubscriptionKeys, message: ChannelMessage): Promise<SendOutcome>;
}

/**
 * The configured keys, else the pair kept in the database: the first server to ask makes it, and every
 * server (also those starting at the same moment) reads the one that was kept.
 */
export async function vapidKeysOf(db: Queryable, push: Config['push']): Promise<VapidKeys> {
  if (push.vapidKeys) return push.vapidKeys;
  const made = webPush.generateVAPIDKeys();
  await db.write('INSERT INTO push_vapid_keys (public_key, private_key) VALUES ($1, $2) ON CONFLICT (only_row) DO NOTHING', [made.publicKey, made.privateKey]);
  const { rows } = await db.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_vapid_keys');
  return { publicKey: rows[0].public_key, privateKey: rows[0].private_key };
}

/** Whether an endpoint is at one of the push services (an origin, or `https://*.domain` for its subdomains). */
export function isPushServiceEndpoint(endpoint: string, services: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(service);
    if (!wildcard) return url.origin === service;
    return url.protocol === `${wildcard[1]}:` && !url.port && url.hostname.endsWith(`.${wildcard[2]}`);
  });
}

/** A push service's answer as an outcome: 404/410 the subscription is gone, 429/5xx try later, another 4xx never. */
export function outcomeOfStatus(status: number, body: string): SendOutcome {
  const error = `push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (status === 404 || status === 410) return { outcome: 'gone', error };
  if (status === 429 || status >= 500 || status === 408) return { outcome: 'retry', error };
  return { outcome: 'failed', error };
}

/** How long a message waits at the push service for a device that is offline: four weeks. */
const TIME_TO_LIVE_SECONDS = 28 * 24 * 3600;

/**
 * web-push writes the request (VAPID headers, the payload encrypted for the subscription's keys); it is
 * sent with fetch, so that its answer and its time limit are read the same way for every service.
 */
export function createPushSender(keys: VapidKeys, subject: string, options: { timeoutMs?: number } = {}): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    async send(subscription, message) {
      const payload: PushMessage = { title: message.title, body: message.body, url: message.url, tag: message.kind, lang: message.language };
      let request: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        request = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: message.kind === 'security' ? 'high' : 'normal',
        });
      } catch (error) {
        // Keys the encryption refuses never work: the browser gave something else than a P-256 key and a secret.
        return { outcome: 'failed', error: error instanceof Error ? error.message.slice(0, 300) : 'the subscription cannot be encrypted for' };
      }
      try {
        const answer = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : undefined,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        const text = await answer.text();
        if (!answer.ok) return outcomeOfStatus(answer.status, text);
        // The push service names the message it accepted in its Location header.
        return { outcome: 'sent', providerMessageId: answer.headers.get('location')?.slice(0, 500) ?? undefined };
      } catch (error) {
        // No answer (refused, reset, timed out): the service may be back later.
        return { outcome: 'retry', error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'no answer' };
      }
    },
  };
}

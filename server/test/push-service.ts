/**
 * A browser's push service, as the tests' stand-in (RFC 8030 with VAPID, RFC 8292): it takes a POST to
 * a subscription's endpoint, checks the VAPID signature against the key it names, and decrypts the
 * aes128gcm payload (RFC 8291) with the device's private key and auth secret, which each device made
 * here holds, as a browser would. It answers 201 unless a test asks for other answers first.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export type ReceivedPush = { device: string; payload: Record<string, unknown>; ttl: string | undefined; urgency: string | undefined; vapidKey: string; audience: string };

type Device = { ecdh: ECDH; auth: Buffer };

/** The public key of a VAPID header (an uncompressed P-256 point in base64url) as a key node:crypto verifies with. */
function vapidPublicKey(raw: string) {
  const point = Buffer.from(raw, 'base64url');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: signed by that key (ES256), for this origin, not expired. */
function checkVapid(header: string | undefined, origin: string): { vapidKey: string; audience: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [headerPart, claimsPart, signature] = match[1].split('.');
  const signed = verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), { key: vapidPublicKey(match[2]), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the VAPID signature does not match its key');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('the VAPID token has expired');
  return { vapidKey: match[2], audience: claims.aud };
}

export async function startPushService() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const plannedAnswers: number[] = [];
  const requests: { device: string; status: number }[] = [];
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const status = request.method !== 'POST' ? 405 : !device ? 410 : (plannedAnswers.shift() ?? 201);
      requests.push({ device: id, status });
      if (status === 201 && device) {
        try {
          const vapid = checkVapid(request.headers.authorization, origin);
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content encoding ${request.headers['content-encoding']}`);
          const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') });
          received.push({ device: id, payload: JSON.parse(plain.toString('utf8')), ttl: request.headers.ttl as string | undefined, urgency: request.headers.urgency as string | undefined, ...vapid });
        } catch (error) {
          response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
          return;
        }
        response.writeHead(201, { location: `${origin}/messages/${randomUUID()}` }).end();
        return;
      }
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 410 ? 'push subscription has unsubscribed or expired' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    requests,
    /** A browser's new subscription: the device's id and its PushSubscription JSON. */
    newDevice() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      devices.set(id, { ecdh, auth });
      return { id, subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
    },
    /** The device unsubscribed in its browser: the service answers 410 from now on. */
    forget(id: string) {
      devices.delete(id);
    },
    /** The next answers to give, in order (then 201 again). */
    answerNext(...statuses: number[]) {
      plannedAnswers.push(...statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * Several servers on one PostgreSQL (docs/deploy.md): three message workers, each with its own pool of
 * connections, claim and send the same outbox at once, and every message reaches the push service
 * exactly once; two servers starting together on a new installation make one VAPID key pair between them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { withDatabase } from '../test/database-url.ts';
import { startPushService } from '../test/push-service.ts';
import { openRaceFile, signUpMember } from '../test/test-app.ts';
import { MessageWorker, queueChannelMessages } from './message-outbox.ts';
import { createPushSender, vapidKeysOf } from './push-sender.ts';

const pushService = await startPushService();
const { ctx, api } = await openRaceFile();
const databaseName = (await ctx.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
/** A server's own pool on the shared database. */
const serverPool = () => openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, databaseName), { poolSize: 4 });
const pools: Database[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await pushService.close();
});

describe('three servers sending one outbox', () => {
  it('deliver each message exactly once', async () => {
    // Devices at the test's push service, which this file's app was not configured to accept subscriptions to.
    const members = await Promise.all(Array.from({ length: 8 }, () => signUpMember(ctx)));
    const devices = members.map(() => pushService.newDevice());
    await ctx.db.query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`, [
      members.map((m) => m.user.id),
      devices.map((d) => d.subscription.endpoint),
      devices.map((d) => d.subscription.keys.p256dh),
      devices.map((d) => d.subscription.keys.auth),
    ]);
    expect((await api.get('/api/profile/message-channels', members[0].token)).body.data.availability.devices).toBe(1);
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      await queueChannelMessages(ctx.db, { userIds: members.map((m) => m.user.id) }, 'security', () => ({ title: `Round ${round}`, body: 'Once only' }), '/profile');
    }

    const keys = await vapidKeysOf(ctx.db, ctx.config.push);
    const workers = [0, 1, 2].map(() => {
      const pool = serverPool();
      pools.push(pool);
      return new MessageWorker(pool, { push: createPushSender(keys, ctx.config.push.subject), phone: {} }, createLogger('silent'));
    });
    const sentByWorker = await Promise.all(workers.map((worker) => worker.runOnce()));

    expect(sentByWorker.reduce((a, b) => a + b, 0)).toBe(members.length * rounds);
    for (const device of devices) {
      const titles = pushService.received.filter((push) => push.device === device.id).map((push) => push.payload.title);
      expect(titles.sort()).toEqual(Array.from({ length: rounds }, (_, round) => `Round ${round}`));
    }
    expect(pushService.requests).toHaveLength(members.length * rounds);
    const { rows } = await ctx.db.query<{ status: string; attempts: number; n: number }>('SELECT status, attempts, count(*)::int AS n FROM message_outbox GROUP BY status, attempts');
    expect(rows).toEqual([{ status: 'SENT', attempts: 1, n: members.length * rounds }]);
  });
});

describe('VAPID keys of a new installation', () => {
  it('are made once when two servers start together, and both use that pair', async () => {
    const first = serverPool();
    const second = serverPool();
    pools.push(first, second);
    for (let attempt = 0; attempt < 5; attempt++) {
      await ctx.db.query('DELETE FROM push_vapid_keys');
      const [a, b] = await Promise.all([vapidKeysOf(first, ctx.config.push), vapidKeysOf(second, ctx.config.push)]);
      expect(a).toEqual(b);
      const { rows } = await ctx.db.query<{ public_key: string }>('SELECT public_key FROM push_vapid_keys');
      expect(rows).toEqual([{ public_key: a.publicKey }]);
    }
  });
});

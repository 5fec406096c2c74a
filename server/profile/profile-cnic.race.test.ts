/**
 * Several members put one free CNIC on their profiles at the same moment, on PostgreSQL: the unique index
 * gives it to exactly one, every other edit is made again and finds it taken, so it is held for them;
 * and all of them get the same answer (the holder cannot be told from the others by it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpMember, socketClient, type ApiClient, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let api: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await socketClient(ctx);
});
afterAll(() => ctx.close());

describe('one CNIC put on several profiles at once', () => {
  it.each([1, 2, 3])('goes to one of them; the others hold it, and every answer is alike (round %i)', async (round) => {
    const cnic = `520010000000${round}`;
    const members = await Promise.all(Array.from({ length: 6 }, () => signUpMember(ctx, { name: 'Racing Member' })));
    const answers = await Promise.all(members.map((m) => api.put('/api/profile', { name: 'Racing Member', email: m.email, cnic }, m.token)));

    // Every answer: 200, the profile updated, the CNIC as typed; alike but for each member's own values.
    const alike = answers.map((res, i) =>
      JSON.stringify(res.body).split(members[i].user.id).join('<id>').split(members[i].email).join('<email>').split(members[i].user.referralCode).join('<code>'),
    );
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const withoutTimes = alike.map((text) => text.replace(/"(createdAt|lastLoginAt)":"[^"]*"/g, '"$1":"-"'));
    expect(new Set(withoutTimes).size).toBe(1);
    expect(answers[0].body.user.cnic).toBe(cnic);

    const { rows } = await ctx.db.query<{ id: string; cnic: string | null; cnic_claim: string | null }>('SELECT id, cnic, cnic_claim FROM users WHERE id = ANY($1)', [members.map((m) => m.user.id)]);
    const holders = rows.filter((r) => r.cnic === cnic);
    expect(holders).toHaveLength(1);
    expect(holders[0].cnic_claim).toBeNull();
    const others = rows.filter((r) => r.id !== holders[0].id);
    expect(others.map((r) => [r.cnic, r.cnic_claim])).toEqual(others.map(() => [null, cnic]));
    // The one who got it is told once for each who asked after.
    const told = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'CNIC_CLAIMED'`, [holders[0].id]);
    expect(told.rows[0].n).toBe(others.length);
  });
});

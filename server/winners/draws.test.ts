/**
 * Verifiable draws and the draw record (docs/draws.md). The expected winner is recomputed here from the
 * published rule with node:crypto, never by calling the product's own code.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../contract/answers.ts';
import type { DrawRecordEntry } from '../../contract/winners.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
/** Every commitment is made at this moment, and every draw a day and an hour later, past the notice (24 hours by default). */
const COMMITTED_AT = '2026-01-05T12:00:00+05:00';
const DRAWN_AT = '2026-01-06T13:00:00+05:00';
ctx.setNow(COMMITTED_AT);

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type Member = Awaited<ReturnType<typeof signUpMember>>;

/** A six-month plan with one group (number 7) started in January 2026, and members with these names. */
async function groupWith(names: string[]) {
  const plan = (await api.post('/api/committee-plans', { name: `Draw ${Math.random()}`, monthlyAmount: 10000, duration: 6, totalAmount: 60000, maxMembers: 50 }, admin.token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Draw group', groupNumber: '7', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const members: Member[] = [];
  for (const name of names) members.push(await addMember(plan.id, group.id, name));
  return { plan, group, members };
}

async function addMember(planId: string, groupId: string, name: string) {
  const m = await signUpMember(ctx, { name });
  expect((await api.post(`/api/committee-plans/${planId}/add-user`, { userId: m.user.id, groupId }, admin.token)).status).toBe(201);
  return m;
}

const commit = (planId: string, month: number, year = 2026) => api.post(`/api/winners/draws/${planId}/7/commit`, { month, year }, admin.token);
async function draw(planId: string, month: number, year = 2026, extra: Record<string, unknown> = {}) {
  ctx.setNow(DRAWN_AT);
  try {
    return await api.post(`/api/winners/draws/${planId}/7/draw`, { month, year, ...extra }, admin.token);
  } finally {
    ctx.setNow(COMMITTED_AT);
  }
}

/** An entry of the record that must be a draw (not a manual choice): the test fails otherwise. */
function drawEntry(entry: DrawRecordEntry) {
  if (entry.method !== 'DRAW') throw new Error(`not a draw: ${JSON.stringify(entry)}`);
  return entry;
}

/** The published rule, written out again: SHA-256 of "seed|YYYY-MM|sorted ids", modulo the count. */
function expectedIndex(seed: string, year: number, month: number, ids: string[]) {
  const sorted = [...ids].sort();
  const digest = sha256(`${seed}|${year}-${String(month).padStart(2, '0')}|${sorted.join(',')}`);
  return Number(BigInt(`0x${digest}`) % BigInt(sorted.length));
}

describe('a verifiable draw', () => {
  it('publishes a commitment before the draw and reveals a seed after it that matches it and reproduces the winner', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq', 'Omar Farooq']);
    const committed = await commit(plan.id, 1);
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    const entry = drawEntry(committed.body.data.draw);
    expect(entry).toMatchObject({ method: 'DRAW', status: 'COMMITTED', seed: null, pickedIndex: null, winner: null, drawnBy: 'ADMIN' });
    expect(entry.commitment).toMatch(/^[0-9a-f]{64}$/);
    const ids = members.map((m) => m.user.id);
    expect(entry.eligible.map((e) => e.userId)).toEqual([...ids].sort());

    // Before the draw, members see the commitment and the frozen list, never the seed, anywhere.
    const before = await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, members[0].token);
    expect(before.status).toBe(200);
    const stored = (await ctx.db.query<{ seed: string }>('SELECT seed FROM draws WHERE id = $1', [entry.id])).rows[0].seed;
    expect(JSON.stringify(before.body)).not.toContain(stored);
    expect(JSON.stringify((await api.get(`/api/admin/groups/${group.id}/draws`, admin.token)).body)).not.toContain(stored);
    const audited = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE coalesce(after_data::text, '') || coalesce(before_data::text, '') LIKE '%' || $1 || '%'`, [stored]);
    expect(audited.rows[0].n).toBe(0);
    const beforeEntry = drawEntry(before.body.data.months[0].entries[0]);
    expect(beforeEntry).toMatchObject({ status: 'COMMITTED', commitment: entry.commitment, seed: null });
    // Other members by first name and initial; the reader by their own name.
    expect(beforeEntry.eligible.map((e) => e.name).sort()).toEqual(['Aisha Khan', 'Bilal A.', 'Omar F.', 'Sana T.']);

    // A member who joins after the commitment is not in the draw.
    await addMember(plan.id, group.id, 'Late Joiner');
    const drawn = await draw(plan.id, 1);
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    expect(drawn.body.message).toBe('Winner drawn for Group 7');
    const revealed = drawEntry(drawn.body.data.draw);
    expect(revealed.status).toBe('DRAWN');
    expect(sha256(revealed.seed!)).toBe(entry.commitment);
    const index = expectedIndex(revealed.seed!, 2026, 1, ids);
    expect(revealed.pickedIndex).toBe(index);
    expect(drawn.body.winner.userId).toBe([...ids].sort()[index]);
    expect(drawn.body.winner).toMatchObject({ month: 1, year: 2026, amount: 60000, paymentType: 'UMRAH', status: 'SELECTED' });

    // Every member reads the same record, now with the seed, and can check it.
    const after = (await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, members[1].token)).body.data;
    const record = drawEntry(after.months[0].entries[0]);
    expect(record).toMatchObject({ method: 'DRAW', status: 'DRAWN', seed: revealed.seed, commitment: entry.commitment, pickedIndex: index });
    expect(record.eligible).toHaveLength(4);
    const winner = members.find((m) => m.user.id === drawn.body.winner.userId)!;
    expect(record.winner!.isYou).toBe(winner === members[1]);
    const audit = await ctx.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id IN ($1, $2) ORDER BY created_at`, [entry.id, drawn.body.winner.id]);
    expect(audit.rows.map((r) => r.action).sort()).toEqual(['DRAW', 'DRAW_COMMIT', 'WINNER_DRAW']);
  });

  it('voids a commitment only with a reason (its seed revealed), and draws only the open one', async () => {
    const { plan, group } = await groupWith(['One Member', 'Two Member']);
    const first = drawEntry((await commit(plan.id, 2)).body.data.draw);
    // A second commitment does not replace the first: the first is voided, with a reason, before.
    const again = await commit(plan.id, 2);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('winner.commitmentOpen');
    const voided = await api.post(`/api/winners/draws/${plan.id}/7/void`, { month: 2, year: 2026, reason: 'Committed for the wrong month by mistake' }, admin.token);
    expect(voided.status).toBe(200);
    const second = drawEntry((await commit(plan.id, 2)).body.data.draw);
    expect(second.commitment).not.toBe(first.commitment);
    const record = (await api.get(`/api/admin/groups/${group.id}/draws`, admin.token)).body.data.months[0].entries.map(drawEntry);
    expect(record.map((e) => [e.id, e.status])).toEqual([[first.id, 'VOID'], [second.id, 'COMMITTED']]);
    expect(record[0]).toMatchObject({ voidCause: 'ADMIN', voidReason: 'Committed for the wrong month by mistake' });
    expect(sha256(record[0].seed!)).toBe(first.commitment);
    expect(record[1].seed).toBeNull();
    const drawn = await draw(plan.id, 2, 2026, { paymentType: 'cash' });
    expect(drawn.status).toBe(201);
    expect(drawn.body.data.draw.id).toBe(second.id);
    expect(drawn.body.winner.paymentType).toBe('CASH');
  });

  it('records a manual choice as manual with its reason, and keeps a cancelled winner in the record with the reason', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed']);
    const manual = await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '7', month: 3, year: 2026, userId: members[0].user.id, reason: 'Her mother is ill; the committee agreed.' }, admin.token);
    expect(manual.status).toBe(201);
    expect((await api.put(`/api/winners/${manual.body.winner.id}/status`, { status: 'cancelled', notes: 'The member withdrew' }, admin.token)).status).toBe(200);
    // The month can then be drawn; the record keeps both, in order.
    expect((await commit(plan.id, 3)).status).toBe(201);
    expect((await draw(plan.id, 3)).status).toBe(201);
    const entries = (await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, members[1].token)).body.data.months[0].entries;
    expect(entries[0]).toEqual({
      method: 'MANUAL',
      id: manual.body.winner.id,
      selectedAt: manual.body.winner.selectedAt,
      selectedBy: 'ADMIN',
      reason: 'Her mother is ill; the committee agreed.',
      winner: { name: 'Aisha K.', isYou: false, status: 'CANCELLED', cancelReason: 'The member withdrew' },
    });
    expect(entries[1]).toMatchObject({ method: 'DRAW', status: 'DRAWN' });
    // Aisha won before (cancelled), so she was eligible again: both were in the draw.
    expect(drawEntry(entries[1]).eligible).toHaveLength(2);
  });

  it('keeps the record append-only in the database itself', async () => {
    const { plan } = await groupWith(['Only Member']);
    const id = (await commit(plan.id, 4)).body.data.draw.id;
    await expect(ctx.db.query(`UPDATE draws SET seed = repeat('0', 64) WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('DELETE FROM draws WHERE id = $1', [id])).rejects.toThrow(/append-only/);
    expect((await draw(plan.id, 4)).status).toBe(201);
    await expect(ctx.db.query(`UPDATE draws SET status = 'VOID' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
  });
});

describe('what the draw routes refuse', () => {
  it('409 to drawing without a commitment, to a month already won, to a group nobody is eligible in; 400 to a month outside the cycle or a bad body', async () => {
    const { plan, members } = await groupWith(['Aisha Khan']);
    const none = await draw(plan.id, 1);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No draw is committed for this group and month: commit one first.');
    expect((await api.post('/api/winners/select-specific', { committeeId: plan.id, groupNumber: '7', month: 1, year: 2026, userId: members[0].user.id }, admin.token)).status).toBe(201);
    const taken = await commit(plan.id, 1);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A winner has already been selected for this group and month.');
    // The only member has won: nobody is left for February.
    const nobody = await commit(plan.id, 2);
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toBe('No member of this group is eligible for this month.');
    const outside = await commit(plan.id, 9);
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toHaveProperty('month');
    const bad = await api.post(`/api/winners/draws/${plan.id}/7/commit`, { month: 13, year: 1999 }, admin.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['month', 'year']);
    expect((await api.post(`/api/winners/draws/${plan.id}/7/draw`, { month: 2, year: 2026, paymentType: 'gold' }, admin.token)).status).toBe(400);
  });

  it('404 to an unknown group; 401 without a session; 403 to a member; the record 404 to a member of another group', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan']);
    const outsider = await signUpMember(ctx, { name: 'Omar Farooq' });
    expect((await api.post(`/api/winners/draws/00000000-0000-4000-8000-000000000000/7/commit`, { month: 1, year: 2026 }, admin.token)).status).toBe(404);
    expect((await api.post(`/api/winners/draws/${plan.id}/99/commit`, { month: 1, year: 2026 }, admin.token)).status).toBe(404);
    expect((await api.post(`/api/winners/draws/${plan.id}/7/commit`, { month: 1, year: 2026 })).status).toBe(401);
    expect((await api.post(`/api/winners/draws/${plan.id}/7/commit`, { month: 1, year: 2026 }, members[0].token)).status).toBe(403);
    expect((await api.post(`/api/winners/draws/${plan.id}/7/draw`, { month: 1, year: 2026 }, members[0].token)).status).toBe(403);
    expect((await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, outsider.token)).status).toBe(404);
    expect((await api.get(`/api/committee-plans/user/groups/${group.id}/draws`)).status).toBe(401);
    expect((await api.get(`/api/admin/groups/${group.id}/draws`, members[0].token)).status).toBe(403);
    expect((await api.get(`/api/admin/groups/not-a-uuid/draws`, admin.token)).status).toBe(404);
    // Automatic selection stays refused with the specification's words.
    expect((await api.post('/api/winners/select', {}, admin.token, { answer: errorBody })).body.message).toBe('Auto selection is disabled. Manual selection required.');
  });
});

/**
 * A commitment that binds (docs/draws.md): members are told of each commitment, the draw waits for its
 * notice, nothing may change who could win while it is open, a pick that is nevertheless ineligible is
 * recorded void (never rolled back), a void needs a reason and is told, and the record holds every input
 * the rule hashes, so that it verifies outside the product: the expected figures are recomputed here
 * with node:crypto from the published rule, never by the product's own code, and by the Python recipe
 * of docs/draws.md, run with python3 as the page writes it. The record can be published at a link that
 * needs no sign-in (no address and no full name in it), and revoked.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DrawRecordEntry } from '../../contract/winners.ts';
import { client, createTestContext, openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
const COMMITTED_AT = '2026-01-05T12:00:00+05:00';
ctx.setNow(COMMITTED_AT);

beforeAll(async () => {
  admin = await signInAdmin(ctx);
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
type Member = Awaited<ReturnType<typeof signUpMember>>;

let planCount = 0;
/** A six-month plan with one group (number 7) from January 2026, and members of these names. */
async function groupWith(names: string[]) {
  planCount++;
  const plan = (await api.post('/api/committee-plans', { name: `Binding ${planCount}`, monthlyAmount: 10000, duration: 6, totalAmount: 60000, maxMembers: 50 }, admin.token)).body.plan;
  const group = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Draw group', groupNumber: '7', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const other = (await api.post('/api/admin/groups/create', { planId: plan.id, groupName: 'Other group', groupNumber: '8', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  const members: Member[] = [];
  for (const name of names) {
    const member = await signUpMember(ctx, { name });
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, admin.token)).status).toBe(201);
    members.push(member);
  }
  return { plan, group, other, members };
}

const commit = (planId: string, month: number) => api.post(`/api/winners/draws/${planId}/7/commit`, { month, year: 2026 }, admin.token);
const drawAt = async (at: string, planId: string, month: number) => {
  ctx.setNow(at);
  try {
    return await api.post(`/api/winners/draws/${planId}/7/draw`, { month, year: 2026 }, admin.token);
  } finally {
    ctx.setNow(COMMITTED_AT);
  }
};
const manualWin = (planId: string, userId: string, month: number) =>
  api.post('/api/winners/select-specific', { committeeId: planId, groupNumber: '7', month, year: 2026, userId, reason: 'Entered by hand' }, admin.token);

/** The rule written out again: SHA-256 of "seed|YYYY-MM|ids sorted, joined by commas", as a number, modulo the count. */
function independentIndex(seed: string, year: number, month: number, ids: string[]) {
  const input = `${seed}|${year}-${String(month).padStart(2, '0')}|${[...ids].sort().join(',')}`;
  return { input, index: Number(BigInt(`0x${sha256(input)}`) % BigInt(ids.length)) };
}

type Draw = Extract<DrawRecordEntry, { method: 'DRAW' }>;
/** An entry of the record that must be a draw, not a winner chosen by hand. */
function aDraw(entry: DrawRecordEntry): Draw {
  if (entry.method !== 'DRAW') throw new Error(`a draw was expected: ${JSON.stringify(entry)}`);
  return entry;
}

async function notificationsOf(type: string, userIds: string[]) {
  const { rows } = await ctx.db.query<{ user_id: string; message: string }>('SELECT user_id, message FROM notifications WHERE type = $1 AND user_id = ANY($2::uuid[])', [type, userIds]);
  return rows;
}

describe('the veto the review found', () => {
  it('is refused while the draw is committed: no manual win, no cancelled winner, no entrant removed or moved; the draw then picks by the rule', async () => {
    const { plan, group, other, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq']);
    // A winner from before the commitment, whose cancellation would make her eligible again.
    const earlier = await signUpMember(ctx, { name: 'Earlier Winner' });
    expect((await api.post(`/api/committee-plans/${plan.id}/add-user`, { userId: earlier.user.id, groupId: group.id }, admin.token)).status).toBe(201);
    const earlierWin = await manualWin(plan.id, earlier.user.id, 2);
    expect(earlierWin.status).toBe(201);

    const committed = await commit(plan.id, 1);
    expect(committed.status).toBe(201);
    const entry = aDraw(committed.body.data.draw);

    const refusals = [
      await manualWin(plan.id, members[0].user.id, 3),
      await manualWin(plan.id, members[1].user.id, 4),
      await api.delete(`/api/winners/${earlierWin.body.winner.id}`, admin.token),
      await api.put(`/api/winners/${earlierWin.body.winner.id}/status`, { status: 'CANCELLED', notes: 'Entered by mistake' }, admin.token),
      await ctx.app.inject({ method: 'DELETE', url: `/api/admin/groups/${group.id}/members/${members[2].user.id}`, payload: { reason: 'Left the committee' }, headers: { authorization: `Bearer ${admin.token}` } }).then((r) => ({ status: r.statusCode, body: r.json() })),
      await api.post(`/api/admin/groups/${group.id}/members/${members[1].user.id}/move`, { toGroupId: other.id, reason: 'Asked to move' }, admin.token),
      await commit(plan.id, 1),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false, code: 'winner.commitmentOpen' });
    }
    // Paying the earlier winner changes nobody's chance: allowed.
    expect((await api.put(`/api/winners/${earlierWin.body.winner.id}/status`, { status: 'PAID' }, admin.token)).status).toBe(200);

    // Before the notice has run: refused, saying from when.
    const early = await drawAt('2026-01-06T11:59:00+05:00', plan.id, 1);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('winner.drawTooEarly');
    expect(early.body.message).toBe('This draw can be made from 6 January 2026, 12:00 (Pakistan time): until then members can see its commitment.');
    expect(entry.drawableAt).toBe(new Date('2026-01-06T12:00:00+05:00').toISOString());

    const drawn = await drawAt('2026-01-06T12:00:00+05:00', plan.id, 1);
    expect(drawn.status).toBe(201);
    const ids = members.map((m) => m.user.id);
    const { index } = independentIndex(aDraw(drawn.body.data.draw).seed!, 2026, 1, ids);
    expect(drawn.body.winner.userId).toBe([...ids].sort()[index]);
    // Now the manual changes are allowed again.
    expect((await api.delete(`/api/winners/${drawn.body.winner.id}`, admin.token)).status).toBe(200);
  });

  it('records a pick that is nevertheless ineligible as a void draw, with its seed and cause, tells the members, and never rolls it back', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq']);
    const entry = aDraw((await commit(plan.id, 2)).body.data.draw);
    // The seed as only the server knows it, to find who the rule will pick; made ineligible behind the
    // product's back (no route allows it while committed).
    const seed = (await ctx.db.query<{ seed: string }>('SELECT seed FROM draws WHERE id = $1', [entry.id])).rows[0].seed;
    const ids = members.map((m) => m.user.id);
    const { index } = independentIndex(seed, 2026, 2, ids);
    const picked = [...ids].sort()[index];
    await ctx.db.transaction(async (tx) => {
      await tx.query(`UPDATE group_members SET status = 'DROPPED', left_at = now(), left_reason = 'Left without a word' WHERE group_id = $1 AND user_id = $2`, [group.id, picked]);
      await tx.query('UPDATE committee_groups SET current_members = current_members - 1 WHERE id = $1', [group.id]);
    });

    const drawn = await drawAt('2026-01-07T09:00:00+05:00', plan.id, 2);
    expect(drawn.status).toBe(409);
    expect(drawn.body.code).toBe('winner.pickIneligible');

    const record = (await api.get(`/api/admin/groups/${group.id}/draws`, admin.token)).body.data.months.find((m) => m.month === 2)!.entries;
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ id: entry.id, status: 'VOID', voidCause: 'INELIGIBLE', seed, pickedIndex: index, winner: null });
    expect(sha256(aDraw(record[0]).seed!)).toBe(entry.commitment);
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM winners WHERE group_id = $1 AND month = 2`, [group.id]);
    expect(rows[0].n).toBe(0);
    // Told to the members still in the group, with the revealed seed.
    const stillIn = ids.filter((id) => id !== picked);
    const told = await notificationsOf('DRAW_VOID', stillIn);
    expect(told.map((n) => n.user_id).sort()).toEqual([...stillIn].sort());
    expect(told[0].message).toContain(seed);
    for (const member of members.filter((m) => stillIn.includes(m.user.id))) {
      const { rows } = await ctx.db.query<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject = $2', [member.email, 'A draw is void']);
      expect(rows).toHaveLength(1);
      expect(rows[0].text_body).toContain('The member it picked was no longer eligible when it was drawn.');
      expect(rows[0].text_body).toContain(`Its seed is now revealed: ${seed}.`);
    }
    // Nothing to draw again with the same seed: the draw is over.
    expect((await drawAt('2026-01-07T10:00:00+05:00', plan.id, 2)).body.code).toBe('winner.noCommitment');
  });
});

describe('a commitment', () => {
  it('is told to every member of the group, in the app and by email, with the commitment and the entrants', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed']);
    const entry = aDraw((await commit(plan.id, 3)).body.data.draw);
    const told = await notificationsOf('DRAW_COMMITTED', members.map((m) => m.user.id));
    expect(told).toHaveLength(2);
    for (const notice of told) {
      expect(notice.message).toContain(entry.commitment);
      expect(notice.message).toContain('Aisha K.');
      expect(notice.message).toContain('Bilal A.');
      expect(notice.message).toContain('6 January 2026, 12:00 (Pakistan time)');
    }
    // The frozen list as the members are told it: each a first name and an initial, in the rule's order (ids sorted as text).
    const shortNames = new Map([[members[0].user.id, 'Aisha K.'], [members[1].user.id, 'Bilal A.']]);
    const entrants = [...shortNames.keys()].sort().map((id) => shortNames.get(id)).join(', ');
    for (const member of members) {
      const { rows } = await ctx.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM email_outbox WHERE to_address = $1 AND subject = $2', [member.email, 'A draw is committed']);
      expect(rows).toHaveLength(1);
      expect(rows[0].text_body).toContain(`Assalam-o-Alaikum ${member.email === members[0].email ? 'Aisha Khan' : 'Bilal Ahmed'},`);
      expect(rows[0].text_body).toContain(entry.commitment);
      expect(rows[0].text_body).toContain(`The members in the draw, in the rule's order: ${entrants}.`);
    }
    // The record shows it at once, with when it may be drawn.
    const record = (await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, members[0].token)).body.data;
    expect(record.months[0].entries[0]).toMatchObject({ id: entry.id, status: 'COMMITTED', commitment: entry.commitment, drawableAt: entry.drawableAt, seed: null, drawInput: null });
  });

  it('is voided only with a reason: its seed revealed, the reason and time in the record, the members told', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed']);
    const entry = aDraw((await commit(plan.id, 4)).body.data.draw);
    const voidAs = (token: string | undefined, body: unknown) => api.post(`/api/winners/draws/${plan.id}/7/void`, body, token);
    const voidDraw = (body: unknown) => voidAs(admin.token, body);
    const noReason = await voidDraw({ month: 4, year: 2026, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBe('Please give the reason for voiding the draw (at least 5 characters).');
    expect((await voidAs(members[0].token, { month: 4, year: 2026, reason: 'A member was missing' })).status).toBe(403);
    expect((await voidAs(undefined, { month: 4, year: 2026, reason: 'A member was missing' })).status).toBe(401);
    expect((await voidDraw({ month: 5, year: 2026, reason: 'A member was missing' })).body.code).toBe('winner.noCommitment');

    const voided = await voidDraw({ month: 4, year: 2026, reason: 'A member was missing from the list' });
    expect(voided.status).toBe(200);
    expect(voided.body.message).toBe('The draw for Group 7 is void: its seed is revealed, and the members are told why.');
    const shown = aDraw((await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, members[1].token)).body.data.months[0].entries[0]);
    expect(shown).toMatchObject({ status: 'VOID', voidCause: 'ADMIN', voidReason: 'A member was missing from the list' });
    expect(Date.parse(shown.voidedAt!)).not.toBeNaN();
    expect(sha256(shown.seed!)).toBe(entry.commitment);
    const told = await notificationsOf('DRAW_VOID', members.map((m) => m.user.id));
    expect(told).toHaveLength(2);
    expect(told[0].message).toContain('A member was missing from the list');
    expect(told[0].message).toContain(shown.seed);
    // And by email, each member greeted by name, with the reason and the revealed seed.
    for (const [index, member] of members.entries()) {
      const { rows } = await ctx.db.query<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject = $2', [member.email, 'A draw is void']);
      expect(rows).toHaveLength(1);
      expect(rows[0].text_body).toContain(`Assalam-o-Alaikum ${['Aisha Khan', 'Bilal Ahmed'][index]},`);
      expect(rows[0].text_body).toContain('The administrator voided it: A member was missing from the list');
      expect(rows[0].text_body).toContain(`Its seed is now revealed: ${shown.seed}.`);
    }
    // A new commitment may follow.
    expect((await commit(plan.id, 4)).status).toBe(201);
  });

  it('may be drawn at once where the group meets to draw together (DRAW_NOTICE_HOURS=0)', async () => {
    const together = await createTestContext({ env: { DRAW_NOTICE_HOURS: '0' } });
    try {
      const a = client(together);
      const boss = await signInAdmin(together);
      const plan = (await a.post('/api/committee-plans', { name: 'Together', monthlyAmount: 10000, duration: 6, totalAmount: 60000, maxMembers: 50 }, boss.token)).body.plan;
      const group = (await a.post('/api/admin/groups/create', { planId: plan.id, groupName: 'G', groupNumber: '1', maxMembers: 50, startDate: '2026-01-01' }, boss.token)).body.group;
      const member = await signUpMember(together);
      await a.post(`/api/committee-plans/${plan.id}/add-user`, { userId: member.user.id, groupId: group.id }, boss.token);
      together.setNow(COMMITTED_AT);
      const entry = aDraw((await a.post(`/api/winners/draws/${plan.id}/1/commit`, { month: 1, year: 2026 }, boss.token)).body.data.draw);
      expect(entry.drawableAt).toBe(new Date(COMMITTED_AT).toISOString());
      expect((await a.post(`/api/winners/draws/${plan.id}/1/draw`, { month: 1, year: 2026 }, boss.token)).status).toBe(201);
    } finally {
      await together.close();
    }
  });
});

describe('the record, outside the product', () => {
  it('holds every input the rule hashes, and verifies with an independent computation', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq', 'Omar Farooq', 'Zara Malik']);
    await commit(plan.id, 5);
    expect((await drawAt('2026-01-09T09:00:00+05:00', plan.id, 5)).status).toBe(201);
    // What the web app offers as a download: the record's JSON, as a member reads it.
    const download = JSON.parse(JSON.stringify((await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, members[3].token)).body.data));
    const drawn = download.months.flatMap((m: { entries: unknown[] }) => m.entries).filter((e: { status?: string }) => e.status === 'DRAWN');
    expect(drawn).toHaveLength(1);
    const d = drawn[0];
    expect(d.ruleVersion).toBe(1);
    const ids = d.eligible.map((e: { userId: string }) => e.userId);
    expect(ids).toEqual([...members.map((m) => m.user.id)].sort());
    expect(sha256(d.seed)).toBe(d.commitment);
    const { input, index } = independentIndex(d.seed, 2026, 5, ids);
    expect(d.drawInput).toBe(input);
    expect(d.pickedIndex).toBe(index);
    const winnerName = d.eligible[index].name;
    expect(d.winner.name).toBe(winnerName);
  });

  it("verifies by the Python recipe in docs/draws.md, run as it is written, and the recipe flags a record that was changed", async () => {
    const names = ['Aisha Khan', 'Bilal Ahmed', 'Sana Tariq', 'Omar Farooq'];
    const { plan, group, members } = await groupWith(names);
    // January drawn, a winner chosen by hand for April, February voided, March committed (its seed still secret).
    await commit(plan.id, 1);
    const drawn = await drawAt('2026-01-09T09:00:00+05:00', plan.id, 1);
    expect(drawn.status).toBe(201);
    const byHand = members.find((m) => m.user.id !== drawn.body.winner.userId)!;
    expect((await manualWin(plan.id, byHand.user.id, 4)).status).toBe(201);
    await commit(plan.id, 2);
    expect((await api.post(`/api/winners/draws/${plan.id}/7/void`, { month: 2, year: 2026, reason: 'A member was missing from the list' }, admin.token)).status).toBe(200);
    await commit(plan.id, 3);

    // The downloaded file, as a member reads the record: themself by name, the others shortened.
    const reader = members[0];
    const record = (await api.get(`/api/committee-plans/user/groups/${group.id}/draws`, reader.token)).body.data;
    const nameOf = (id: string) => {
      const [first, last] = names[members.findIndex((m) => m.user.id === id)].split(' ');
      return id === reader.user.id ? `${first} ${last}` : `${first} ${last[0]}.`;
    };
    const drawOf = (data: typeof record, month: number) => aDraw(data.months.find((m) => m.month === month)!.entries.find((e) => e.method === 'DRAW')!);
    const expectedLine = (month: number, status: string) => {
      const d = drawOf(record, month);
      const ids = d.eligible.map((e) => e.userId);
      const { index } = independentIndex(d.seed!, 2026, month, ids);
      return `2026 ${month} ${status} picks ${nameOf([...ids].sort()[index])} OK`;
    };

    const match = /```python\n([\s\S]*?)```/.exec(fs.readFileSync(path.join(root, 'docs', 'draws.md'), 'utf8'));
    expect(match).not.toBeNull();
    const recipe = match![1];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-record-'));
    const runRecipe = (data: unknown) => {
      const file = path.join(dir, 'record.json');
      fs.writeFileSync(file, JSON.stringify(data));
      const run = spawnSync('python3', ['-c', recipe, file], { encoding: 'utf8' });
      expect(run.error).toBeUndefined();
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return run.stdout.trim().split('\n');
    };
    try {
      expect(runRecipe(record)).toEqual([expectedLine(1, 'DRAWN'), expectedLine(2, 'VOID')]);

      // Another seed than the one committed to: its commitment no longer matches.
      const otherSeed = structuredClone(record);
      drawOf(otherSeed, 2).seed = sha256('another seed');
      const [, voided] = runRecipe(otherSeed);
      expect(voided).toMatch(/^2026 2 VOID picks .+ DOES NOT MATCH$/);
      // Another winner than the seed picks.
      const otherPick = structuredClone(record);
      const january = drawOf(otherPick, 1);
      january.pickedIndex = (january.pickedIndex! + 1) % january.eligible.length;
      const [drawnLine] = runRecipe(otherPick);
      expect(drawnLine).toMatch(/^2026 1 DRAWN picks .+ DOES NOT MATCH$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is published at a link that needs no sign-in, with names shortened, and stops working once revoked', async () => {
    const { plan, group, members } = await groupWith(['Aisha Khan', 'Bilal Ahmed']);
    // A drawn winner and a winner chosen by hand: every place the record names a member.
    await commit(plan.id, 5);
    const drawn = await drawAt('2026-01-09T09:00:00+05:00', plan.id, 5);
    expect(drawn.status).toBe(201);
    const other = members.find((m) => m.user.id !== drawn.body.winner.userId)!;
    expect((await manualWin(plan.id, other.user.id, 4)).status).toBe(201);
    const linkUrl = `/api/admin/groups/${group.id}/draw-record-link` as const;
    expect((await api.get(linkUrl, admin.token)).body.data.link).toBeNull();
    expect((await api.post(linkUrl, undefined, members[0].token)).status).toBe(403);
    expect((await api.post(linkUrl, undefined)).status).toBe(401);
    expect((await api.post('/api/admin/groups/00000000-0000-4000-8000-000000000000/draw-record-link', undefined, admin.token)).status).toBe(404);

    const published = await api.post(linkUrl, undefined, admin.token);
    expect(published.status).toBe(201);
    const { token, url } = published.body.data.link!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`http://umrah.test/draws/${token}`);
    expect((await api.get(linkUrl, admin.token)).body.data.link?.token).toBe(token);

    const open = await api.get(`/api/public/draw-records/${token}`);
    expect(open.status).toBe(200);
    expect(open.body.data.group.id).toBe(group.id);
    const entries = open.body.data.months.flatMap((m) => m.entries);
    expect(entries.map((e) => (e.method === 'DRAW' ? e.status : e.method))).toEqual(['MANUAL', 'DRAWN']);
    for (const entry of entries.filter((e) => e.method === 'DRAW')) expect(entry.eligible.map((e) => e.name).sort()).toEqual(['Aisha K.', 'Bilal A.']);
    expect(entries.filter((e) => e.winner).map((e) => e.winner!.name).sort()).toEqual(['Aisha K.', 'Bilal A.']);
    // No email address, and no member's name as registered, anywhere in it.
    const publicJson = JSON.stringify(open.body);
    expect(publicJson).not.toContain('@');
    for (const fullName of ['Aisha Khan', 'Bilal Ahmed', 'Khan', 'Ahmed']) expect(publicJson).not.toContain(fullName);

    // A new link replaces the old; revoking ends it.
    const again = (await api.post(linkUrl, undefined, admin.token)).body.data.link!.token;
    expect(again).not.toBe(token);
    expect((await api.get(`/api/public/draw-records/${token}`)).status).toBe(404);
    const revoked = await api.delete(linkUrl, admin.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.link).toBeNull();
    const gone = await api.get(`/api/public/draw-records/${again}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('winner.linkNotFound');
    expect((await api.delete(linkUrl, admin.token)).status).toBe(404);
    expect((await api.get('/api/public/draw-records/not-a-token')).status).toBe(404);
  });
});

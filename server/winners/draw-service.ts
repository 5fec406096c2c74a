/**
 * Verifiable draws and the group's draw record (docs/draws.md). Committing freezes the month's eligible
 * members, publishes SHA-256 of a secret seed and tells every member; from DRAW_NOTICE_HOURS later,
 * drawing reveals the seed and makes the winner the member the published rule (contract/draw-rule.ts)
 * picks from it, so that any member can check that the winner was not chosen. While a draw is committed
 * nothing may change who could win it; it ends drawn, or void with its cause, never rolled back. A
 * manual choice stays possible and is recorded as such, with its reason. The record is append-only
 * (migrations 024, 044): a void draw and a cancelled winner stay in it, and it may be published at a link.
 */
import { createHash, randomBytes } from 'node:crypto';
import { drawIndex, drawInput, drawOrder } from '../../contract/draw-rule.ts';
import { groupMessages } from '../../contract/groups.ts';
import { DRAW_RULE_VERSION, winnerMessages, type DrawRecord, type DrawRecordEntry } from '../../contract/winners.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { drawCommittedNotice, drawVoidedNotice } from './winner-texts.ts';
import { karachiMoment, periodName, type Language } from '../mail/layout.ts';
import { notifyGroupMembers } from '../notifications/notify.ts';
import { displayName } from '../referrals/referral-service.ts';
import { eligibleMembers, findGroupByNumber, insertWinner, isInCycle, refuseWhileCommitted, winnerConflictOf, type GroupRef, type Winner, type WinnerDeps } from './winner-service.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Entrant = { userId: string; name: string; position: number };
type DrawRow = {
  id: string;
  month: number;
  year: number;
  eligible: Entrant[];
  seed: string;
  commitment: string;
  status: 'COMMITTED' | 'DRAWN' | 'VOID';
  committed_at: Date;
  drawable_at: Date;
  drawn_at: Date | null;
  picked_index: number | null;
  winner_id: string | null;
  void_cause: 'REPLACED' | 'ADMIN' | 'INELIGIBLE' | null;
  void_reason: string | null;
  voided_at: Date | null;
};
type WinnerRow = { id: string; user_id: string; name: string; month: number; year: number; status: string; notes: string | null; method: 'MANUAL' | 'DRAW'; reason: string | null; selected_at: Date };

/**
 * Who reads the record: a member of the group (others by first name and initial), the operator, or
 * anyone with the group's published link (everyone by first name and initial).
 */
export type DrawReader = { kind: 'member'; userId: string } | { kind: 'admin' } | { kind: 'public' };

/** What drawing needs beyond a winner's choice: the app's clock, and how long members are given to see a commitment. */
export type DrawDeps = WinnerDeps & { now: () => Date; drawNoticeHours: number };

const DRAW_COLUMNS = 'id, month, year, eligible, seed, commitment, status, committed_at, drawable_at, drawn_at, picked_index, winner_id, void_cause, void_reason, voided_at';

/** Where the members read the record (the notices link there). */
const recordLink = (deps: Pick<WinnerDeps, 'appUrl'>) => `${deps.appUrl}/dashboard`;

/** Tells every member of the group that a draw was voided, with why and its seed. */
async function tellVoid(tx: Queryable, deps: DrawDeps, group: GroupRef, draw: DrawRow, cause: 'ADMIN' | 'INELIGIBLE', reason: string | null) {
  await notifyGroupMembers(
    tx,
    group.id,
    {
      type: 'DRAW_VOID',
      text: (language: Language) => drawVoidedNotice(language, { planName: group.plan_name, groupNumber: group.group_number, period: periodName(language, draw.month, draw.year), cause, reason, seed: draw.seed }),
      data: { groupId: group.id, drawId: draw.id },
    },
    recordLink(deps),
  );
}

/**
 * Freezes the month's eligible members and publishes the commitment, drawable DRAW_NOTICE_HOURS later;
 * every member of the group is told of it, with the commitment and the list. A group has one open
 * commitment at a time: another is refused until it is drawn or voided.
 */
export async function commitDraw(deps: DrawDeps, admin: Actor, committeeId: string, groupNumber: string, period: { month: number; year: number }): Promise<DrawRecordEntry> {
  const entry = await deps.db.transaction(async (tx) => {
    const group = await findGroupByNumber(tx, committeeId, groupNumber, true);
    if (!isInCycle(group, period.year, period.month)) throw badRequest(winnerMessages.notInCycle, { month: winnerMessages.notInCycle });
    const taken = await tx.query(`SELECT 1 FROM winners WHERE group_id = $1 AND year = $2 AND month = $3 AND status <> 'CANCELLED'`, [group.id, period.year, period.month]);
    if (taken.rowCount > 0) throw conflict(winnerMessages.monthTaken);
    await refuseWhileCommitted(tx, group.id);
    const { eligibleMembers: eligible } = await eligibleMembers(tx, deps.today(), committeeId, groupNumber);
    if (eligible.length === 0) throw conflict(winnerMessages.noneEligible);
    const byId = new Map(eligible.map((m) => [m.userId.toLowerCase(), m]));
    const entrants: Entrant[] = drawOrder(eligible.map((m) => m.userId)).map((id) => ({ userId: id, name: byId.get(id)!.user.name, position: byId.get(id)!.position }));
    const seed = randomBytes(32).toString('hex');
    // The notice runs on the app's clock (which tests set), as every figure's day does; the record's own
    // times are the database's, as every other record's.
    const drawableAt = new Date(deps.now().getTime() + Math.round(deps.drawNoticeHours * 3_600_000));
    const { rows } = await tx.query<DrawRow>(
      `INSERT INTO draws (plan_id, group_id, month, year, eligible, seed, commitment, committed_by, drawable_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${DRAW_COLUMNS}`,
      [group.plan_id, group.id, period.month, period.year, JSON.stringify(entrants), seed, sha256(seed), admin.id, drawableAt],
    );
    const draw = rows[0];
    // The seed is never written where anyone could read it before the draw: not in the audit log either.
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'DRAW_COMMIT',
      entityType: 'draw',
      entityId: draw.id,
      after: { groupId: group.id, month: period.month, year: period.year, commitment: draw.commitment, eligible: entrants.length, drawableAt: drawableAt.toISOString() },
      ip: admin.ip,
    });
    await notifyGroupMembers(
      tx,
      group.id,
      {
        type: 'DRAW_COMMITTED',
        text: (language: Language) =>
          drawCommittedNotice(language, {
            planName: group.plan_name,
            groupNumber: group.group_number,
            period: periodName(language, period.month, period.year),
            commitment: draw.commitment,
            entrants: entrants.map((e) => displayName(e.name)),
            drawableAt,
          }),
        data: { groupId: group.id, drawId: draw.id },
      },
      recordLink(deps),
    );
    return toDrawEntry(draw, null, { kind: 'admin' });
  });
  deps.mailQueued();
  return entry;
}

/** Voids the month's committed draw with the administrator's reason: its seed is revealed, and the members are told. */
export async function voidDraw(deps: DrawDeps, admin: Actor, committeeId: string, groupNumber: string, input: { month: number; year: number; reason: string }): Promise<DrawRecordEntry> {
  const entry = await deps.db.transaction(async (tx) => {
    const group = await findGroupByNumber(tx, committeeId, groupNumber, true);
    const draw = await committedDraw(tx, group.id, input);
    const { rows } = await tx.query<DrawRow>(
      `UPDATE draws SET status = 'VOID', void_cause = 'ADMIN', void_reason = $2, voided_by = $3, voided_at = now() WHERE id = $1 RETURNING ${DRAW_COLUMNS}`,
      [draw.id, input.reason, admin.id],
    );
    await recordAudit(tx, { actorId: admin.id, action: 'DRAW_VOID', entityType: 'draw', entityId: draw.id, before: { status: 'COMMITTED' }, after: { status: 'VOID', reason: input.reason, seed: draw.seed }, ip: admin.ip });
    await tellVoid(tx, deps, group, draw, 'ADMIN', input.reason);
    return toDrawEntry(rows[0], null, { kind: 'admin' });
  });
  deps.mailQueued();
  return entry;
}

/** The month's committed draw, locked; 409 when there is none. */
async function committedDraw(tx: Queryable, groupId: string, period: { month: number; year: number }): Promise<DrawRow> {
  const { rows } = await tx.query<DrawRow>(`SELECT ${DRAW_COLUMNS} FROM draws WHERE group_id = $1 AND year = $2 AND month = $3 AND status = 'COMMITTED' FOR UPDATE`, [groupId, period.year, period.month]);
  if (!rows[0]) throw conflict(winnerMessages.noCommitment);
  return rows[0];
}

/**
 * Draws the committed month once its notice has run: the rule picks the winner from the seed, which is
 * revealed. If the member picked is no longer eligible (which the refusals while committed are there to
 * prevent), the draw is recorded void with that cause and its seed revealed, the members are told, and
 * that is committed: it answers 409, but nothing is rolled back, so a draw can never be retried until it
 * picks someone else.
 */
export async function drawCommitted(
  deps: DrawDeps,
  admin: Actor,
  committeeId: string,
  groupNumber: string,
  input: { month: number; year: number; paymentType: string },
): Promise<{ winner: Winner; draw: DrawRecordEntry }> {
  let outcome: { winner: Winner; draw: DrawRecordEntry } | { voided: DrawRecordEntry };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const group = await findGroupByNumber(tx, committeeId, groupNumber, true);
      const draw = await committedDraw(tx, group.id, input);
      if (deps.now() < new Date(draw.drawable_at)) throw conflict(winnerMessages.drawTooEarly(karachiMoment('en', new Date(draw.drawable_at))));
      const ids = draw.eligible.map((e) => e.userId);
      const index = drawIndex(sha256(drawInput(draw.seed, input.year, input.month, ids)), ids.length);
      const picked = draw.eligible[index].userId;
      if (!(await stillEligible(tx, deps, group, input, picked))) {
        const { rows } = await tx.query<DrawRow>(
          `UPDATE draws SET status = 'VOID', void_cause = 'INELIGIBLE', picked_index = $2, drawn_by = $3, drawn_at = now(), voided_at = now() WHERE id = $1 RETURNING ${DRAW_COLUMNS}`,
          [draw.id, index, admin.id],
        );
        await recordAudit(tx, { actorId: admin.id, action: 'DRAW_VOID', entityType: 'draw', entityId: draw.id, after: { status: 'VOID', cause: 'INELIGIBLE', seed: draw.seed, pickedIndex: index, picked }, ip: admin.ip });
        await tellVoid(tx, deps, group, draw, 'INELIGIBLE', null);
        return { voided: toDrawEntry(rows[0], null, { kind: 'admin' }) };
      }
      const winner = await insertWinner(tx, deps, admin, group, { ...input, userId: picked }, { method: 'DRAW', drawId: draw.id });
      const drawn = await tx.query<DrawRow>(
        `UPDATE draws SET status = 'DRAWN', drawn_by = $2, drawn_at = now(), picked_index = $3, winner_id = $4 WHERE id = $1 RETURNING ${DRAW_COLUMNS}`,
        [draw.id, admin.id, index, winner.id],
      );
      await recordAudit(tx, { actorId: admin.id, action: 'DRAW', entityType: 'draw', entityId: draw.id, after: { seed: draw.seed, pickedIndex: index, winnerId: winner.id }, ip: admin.ip });
      return { winner, draw: toDrawEntry(drawn.rows[0], { user_id: winner.userId, name: winner.winner.name, status: winner.status, notes: winner.notes }, { kind: 'admin' }) };
    });
  } catch (error) {
    throw winnerConflictOf(error);
  }
  deps.mailQueued();
  if ('voided' in outcome) throw conflict(winnerMessages.pickIneligible);
  return outcome;
}

/** Whether the member may still win the month: it has no winner, and they are an active member who has not won. */
async function stillEligible(tx: Queryable, deps: DrawDeps, group: GroupRef, period: { month: number; year: number }, userId: string): Promise<boolean> {
  const taken = await tx.query(`SELECT 1 FROM winners WHERE group_id = $1 AND year = $2 AND month = $3 AND status <> 'CANCELLED'`, [group.id, period.year, period.month]);
  if (taken.rowCount > 0) return false;
  const { eligibleMembers: eligible } = await eligibleMembers(tx, deps.today(), group.plan_id, group.group_number);
  return eligible.some((m) => m.userId.toLowerCase() === userId);
}

/** Makes (or makes anew) the group's public link to its draw record: an unguessable token; the earlier link stops working. */
export async function publishDrawRecord(db: Database, appUrl: string, admin: Actor, groupId: string) {
  return db.transaction(async (tx) => {
    await existingGroup(tx, groupId);
    const token = randomBytes(32).toString('base64url');
    const { rows } = await tx.query<{ token: string; created_at: Date }>(
      `INSERT INTO draw_record_links (group_id, token, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (group_id) DO UPDATE SET token = excluded.token, created_by = excluded.created_by, created_at = now() RETURNING token, created_at`,
      [groupId, token, admin.id],
    );
    await recordAudit(tx, { actorId: admin.id, action: 'DRAW_RECORD_PUBLISH', entityType: 'group', entityId: groupId, ip: admin.ip });
    return linkOf(appUrl, rows[0]);
  });
}

/** The group's public link to its draw record, or null. */
export async function findDrawRecordLink(db: Queryable, appUrl: string, groupId: string) {
  await existingGroup(db, groupId);
  const { rows } = await db.query<{ token: string; created_at: Date }>('SELECT token, created_at FROM draw_record_links WHERE group_id = $1', [groupId]);
  return rows[0] ? linkOf(appUrl, rows[0]) : null;
}

/** Revokes the group's public link: it opens nothing from now on. 404 when there is none. */
export async function revokeDrawRecordLink(db: Database, admin: Actor, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await existingGroup(tx, groupId);
    const { rowCount } = await tx.query('DELETE FROM draw_record_links WHERE group_id = $1', [groupId]);
    if (rowCount === 0) throw notFound(winnerMessages.linkNotFound);
    await recordAudit(tx, { actorId: admin.id, action: 'DRAW_RECORD_REVOKE', entityType: 'group', entityId: groupId, ip: admin.ip });
  });
}

/** The record a published link opens, to anyone: names shortened, as members see each other. */
export async function publicDrawRecord(db: Queryable, token: string): Promise<DrawRecord> {
  const { rows } = /^[A-Za-z0-9_-]{43}$/.test(token) ? await db.query<{ group_id: string }>('SELECT group_id FROM draw_record_links WHERE token = $1', [token]) : { rows: [] };
  if (!rows[0]) throw notFound(winnerMessages.linkNotFound);
  return drawRecord(db, rows[0].group_id, { kind: 'public' });
}

async function existingGroup(q: Queryable, groupId: string): Promise<void> {
  const found = isUuid(groupId) ? await q.query('SELECT 1 FROM committee_groups WHERE id = $1', [groupId]) : { rowCount: 0 };
  if (found.rowCount === 0) throw notFound(groupMessages.notFound);
}

const linkOf = (appUrl: string, row: { token: string; created_at: Date }) => ({ token: row.token, url: `${appUrl}/draws/${row.token}`, createdAt: new Date(row.created_at).toISOString() });

/** The group's draw record, month by month: every draw and every manual choice, in the order they happened. */
export async function drawRecord(db: Queryable, groupId: string, reader: DrawReader): Promise<DrawRecord> {
  const memberId = reader.kind === 'member' ? reader.userId : null;
  // Anyone else (the operator, a published link's reader) reads any group.
  const group = isUuid(groupId)
    ? (
        await db.query<{ id: string; group_number: string; plan_name: string; start_date: string }>(
          `SELECT g.id, g.group_number, pl.name AS plan_name, g.start_date::text FROM committee_groups g JOIN committee_plans pl ON pl.id = g.plan_id
           WHERE g.id = $1 AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $2))`,
          [groupId, memberId],
        )
      ).rows[0]
    : undefined;
  if (!group) throw notFound(groupMessages.notFound);
  const [draws, winners] = await Promise.all([
    db.query<DrawRow>(`SELECT ${DRAW_COLUMNS} FROM draws WHERE group_id = $1 ORDER BY year, month, committed_at, id`, [group.id]),
    db.query<WinnerRow>(
      `SELECT w.id, w.user_id, u.name, w.month, w.year, w.status, w.notes, w.method, w.reason, w.selected_at
       FROM winners w JOIN users u ON u.id = w.user_id WHERE w.group_id = $1 ORDER BY w.year, w.month, w.selected_at, w.id`,
      [group.id],
    ),
  ]);
  const winnersById = new Map(winners.rows.map((w) => [w.id, w]));
  const months = new Map<string, { month: number; year: number; entries: { at: number; entry: DrawRecordEntry }[] }>();
  const monthOf = (year: number, month: number) => {
    const key = `${year}-${month}`;
    if (!months.has(key)) months.set(key, { month, year, entries: [] });
    return months.get(key)!;
  };
  for (const d of draws.rows) {
    const winner = d.winner_id ? winnersById.get(d.winner_id) : undefined;
    monthOf(d.year, d.month).entries.push({ at: new Date(d.committed_at).getTime(), entry: toDrawEntry(d, winner ?? null, reader) });
  }
  for (const w of winners.rows.filter((row) => row.method === 'MANUAL')) {
    monthOf(w.year, w.month).entries.push({
      at: new Date(w.selected_at).getTime(),
      entry: { method: 'MANUAL', id: w.id, selectedAt: new Date(w.selected_at).toISOString(), selectedBy: 'ADMIN', reason: w.reason, winner: winnerOf(w, reader) },
    });
  }
  return {
    group: { id: group.id, groupNumber: group.group_number, planName: group.plan_name, startDate: group.start_date },
    months: [...months.values()]
      .sort((a, b) => a.year - b.year || a.month - b.month)
      .map((m) => ({ month: m.month, year: m.year, entries: m.entries.sort((a, b) => a.at - b.at).map((e) => e.entry) })),
  };
}

/** A member sees another member as a first name and an initial, and themself by their own name; a link's reader sees everyone so. */
function nameFor(userId: string, name: string, reader: DrawReader): string {
  return reader.kind === 'admin' || (reader.kind === 'member' && userId === reader.userId) ? name : displayName(name);
}

function winnerOf(w: Pick<WinnerRow, 'user_id' | 'name' | 'status' | 'notes'>, reader: DrawReader) {
  return {
    name: nameFor(w.user_id, w.name, reader),
    isYou: reader.kind === 'member' && w.user_id === reader.userId,
    status: w.status,
    cancelReason: w.status === 'CANCELLED' ? w.notes : null,
  };
}

const isoOrNull = (at: Date | null) => (at === null ? null : new Date(at).toISOString());

function toDrawEntry(d: DrawRow, winner: Pick<WinnerRow, 'user_id' | 'name' | 'status' | 'notes'> | null, reader: DrawReader): DrawRecordEntry {
  // The seed only once it can no longer choose anything: drawn, or void.
  const seed = d.status === 'COMMITTED' ? null : d.seed;
  return {
    method: 'DRAW',
    id: d.id,
    status: d.status,
    committedAt: new Date(d.committed_at).toISOString(),
    drawableAt: new Date(d.drawable_at).toISOString(),
    commitment: d.commitment,
    ruleVersion: DRAW_RULE_VERSION,
    eligible: d.eligible.map((e) => ({ userId: e.userId, name: nameFor(e.userId, e.name, reader), position: e.position })),
    seed,
    drawInput: seed === null ? null : drawInput(seed, d.year, d.month, d.eligible.map((e) => e.userId)),
    drawnAt: isoOrNull(d.drawn_at),
    drawnBy: 'ADMIN',
    pickedIndex: d.picked_index,
    winner: winner ? winnerOf(winner, reader) : null,
    voidCause: d.void_cause,
    voidReason: d.void_reason,
    voidedAt: isoOrNull(d.voided_at),
  };
}

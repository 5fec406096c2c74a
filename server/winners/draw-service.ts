/**
 * Verifiable draws and the group's draw record (docs/draws.md). Committing freezes the month's eligible
 * members and publishes SHA-256 of a secret seed; drawing reveals the seed and makes the winner the
 * member the published rule (contract/draw-rule.ts) picks from it, so that any member can check that
 * the winner was not chosen. A manual choice stays possible and is recorded as such, with its reason.
 * The record is append-only (migration 024): a void draw and a cancelled winner stay in it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { drawIndex, drawInput, drawOrder } from '../../contract/draw-rule.ts';
import { groupMessages } from '../../contract/plans.ts';
import { winnerMessages, type DrawRecord, type DrawRecordEntry } from '../../contract/winners.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { displayName } from '../referrals/referral-service.ts';
import { eligibleMembers, findGroupByNumber, insertWinner, isInCycle, winnerConflictOf, type Winner, type WinnerDeps } from './winner-service.ts';

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
  drawn_at: Date | null;
  picked_index: number | null;
  winner_id: string | null;
};
type WinnerRow = { id: string; user_id: string; name: string; month: number; year: number; status: string; notes: string | null; method: 'MANUAL' | 'DRAW'; reason: string | null; selected_at: Date };

/** Who reads the record: a member of the group (others by first name and initial) or the operator. */
export type DrawReader = { kind: 'member'; userId: string } | { kind: 'admin' };

const DRAW_COLUMNS = 'id, month, year, eligible, seed, commitment, status, committed_at, drawn_at, picked_index, winner_id';

/** Freezes the month's eligible members and publishes the commitment; an earlier commitment not drawn yet is voided. */
export async function commitDraw(deps: WinnerDeps, admin: Actor, committeeId: string, groupNumber: string, period: { month: number; year: number }): Promise<DrawRecordEntry> {
  return deps.db.transaction(async (tx) => {
    const group = await findGroupByNumber(tx, committeeId, groupNumber, true);
    if (!isInCycle(group, period.year, period.month)) throw badRequest(winnerMessages.notInCycle, { month: winnerMessages.notInCycle });
    const taken = await tx.query(`SELECT 1 FROM winners WHERE group_id = $1 AND year = $2 AND month = $3 AND status <> 'CANCELLED'`, [group.id, period.year, period.month]);
    if (taken.rowCount > 0) throw conflict(winnerMessages.monthTaken);
    const { eligibleMembers: eligible } = await eligibleMembers(tx, deps.today(), committeeId, groupNumber);
    if (eligible.length === 0) throw conflict(winnerMessages.noneEligible);
    const byId = new Map(eligible.map((m) => [m.userId.toLowerCase(), m]));
    const entrants: Entrant[] = drawOrder(eligible.map((m) => m.userId)).map((id) => ({ userId: id, name: byId.get(id)!.user.name, position: byId.get(id)!.position }));
    await tx.query(`UPDATE draws SET status = 'VOID' WHERE group_id = $1 AND year = $2 AND month = $3 AND status = 'COMMITTED'`, [group.id, period.year, period.month]);
    const seed = randomBytes(32).toString('hex');
    const { rows } = await tx.query<DrawRow>(
      `INSERT INTO draws (plan_id, group_id, month, year, eligible, seed, commitment, committed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${DRAW_COLUMNS}`,
      [group.plan_id, group.id, period.month, period.year, JSON.stringify(entrants), seed, sha256(seed), admin.id],
    );
    const draw = rows[0];
    // The seed is never written where anyone could read it before the draw: not in the audit log either.
    await recordAudit(tx, { actorId: admin.id, action: 'DRAW_COMMIT', entityType: 'draw', entityId: draw.id, after: { groupId: group.id, month: period.month, year: period.year, commitment: draw.commitment, eligible: entrants.length }, ip: admin.ip });
    return toDrawEntry(draw, null, { kind: 'admin' });
  });
}

/** Draws the committed month: the rule picks the winner from the seed, which is revealed. */
export async function drawCommitted(
  deps: WinnerDeps,
  admin: Actor,
  committeeId: string,
  groupNumber: string,
  input: { month: number; year: number; paymentType: string },
): Promise<{ winner: Winner; draw: DrawRecordEntry }> {
  try {
    const result = await deps.db.transaction(async (tx) => {
      const group = await findGroupByNumber(tx, committeeId, groupNumber, true);
      const { rows } = await tx.query<DrawRow>(
        `SELECT ${DRAW_COLUMNS} FROM draws WHERE group_id = $1 AND year = $2 AND month = $3 AND status = 'COMMITTED' FOR UPDATE`,
        [group.id, input.year, input.month],
      );
      const draw = rows[0];
      if (!draw) throw conflict(winnerMessages.noCommitment);
      const ids = draw.eligible.map((e) => e.userId);
      const index = drawIndex(sha256(drawInput(draw.seed, input.year, input.month, ids)), ids.length);
      const winner = await insertWinner(tx, deps, admin, group, { ...input, userId: draw.eligible[index].userId }, { method: 'DRAW', drawId: draw.id });
      const drawn = await tx.query<DrawRow>(
        `UPDATE draws SET status = 'DRAWN', drawn_by = $2, drawn_at = now(), picked_index = $3, winner_id = $4 WHERE id = $1 RETURNING ${DRAW_COLUMNS}`,
        [draw.id, admin.id, index, winner.id],
      );
      await recordAudit(tx, { actorId: admin.id, action: 'DRAW', entityType: 'draw', entityId: draw.id, after: { seed: draw.seed, pickedIndex: index, winnerId: winner.id }, ip: admin.ip });
      return { winner, draw: toDrawEntry(drawn.rows[0], { user_id: winner.userId, name: winner.winner.name, status: winner.status, notes: winner.notes }, { kind: 'admin' }) };
    });
    deps.mailQueued();
    return result;
  } catch (error) {
    throw winnerConflictOf(error);
  }
}

/** The group's draw record, month by month: every draw and every manual choice, in the order they happened. */
export async function drawRecord(db: Queryable, groupId: string, reader: DrawReader): Promise<DrawRecord> {
  const memberId = reader.kind === 'member' ? reader.userId : null;
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

/** A member sees another member as a first name and an initial, and themself by their own name. */
function nameFor(userId: string, name: string, reader: DrawReader): string {
  return reader.kind === 'admin' || userId === reader.userId ? name : displayName(name);
}

function winnerOf(w: Pick<WinnerRow, 'user_id' | 'name' | 'status' | 'notes'>, reader: DrawReader) {
  return {
    name: nameFor(w.user_id, w.name, reader),
    isYou: reader.kind === 'member' && w.user_id === reader.userId,
    status: w.status,
    cancelReason: w.status === 'CANCELLED' ? w.notes : null,
  };
}

function toDrawEntry(d: DrawRow, winner: Pick<WinnerRow, 'user_id' | 'name' | 'status' | 'notes'> | null, reader: DrawReader): DrawRecordEntry {
  return {
    method: 'DRAW',
    id: d.id,
    status: d.status,
    committedAt: new Date(d.committed_at).toISOString(),
    commitment: d.commitment,
    eligible: d.eligible.map((e) => ({ userId: e.userId, name: nameFor(e.userId, e.name, reader), position: e.position })),
    // The seed only once it can no longer choose anything: drawn, or replaced by a new commitment.
    seed: d.status === 'COMMITTED' ? null : d.seed,
    drawnAt: d.drawn_at === null ? null : new Date(d.drawn_at).toISOString(),
    drawnBy: 'ADMIN',
    pickedIndex: d.picked_index,
    winner: winner ? winnerOf(winner, reader) : null,
  };
}

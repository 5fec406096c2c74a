/**
 * RULES §6a written out again, plainly, for tests: the state of each instalment and the figures of a
 * set of them, computed here in TypeScript from the raw rows. It shares no code with the product's own
 * module (server/figures/figures.ts), so a test that compares the two can fail.
 */
import type { Queryable } from '../db/database.ts';

export type RawInstalment = { id: string; user_id: string; group_id: string; plan_id: string; month: number; year: number; due_date: string; amount: number; status: string; under_review: boolean };
export type OracleState = 'SCHEDULED' | 'UNDER_REVIEW' | 'OWED' | 'OVERDUE' | 'PAID';

/** Every instalment as stored, with its due date as 'YYYY-MM-DD' and its amount in paisa-exact rupees. */
export async function rawInstalments(db: Queryable, where = 'true', params: unknown[] = []): Promise<RawInstalment[]> {
  const { rows } = await db.query<Omit<RawInstalment, 'amount'> & { amount: string }>(
    `SELECT id, user_id, group_id, plan_id, month, year, due_date::text AS due_date, amount::text, status, under_review
     FROM payments WHERE type = 'INSTALMENT' AND (${where})`,
    params,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** `today` is 'YYYY-MM-DD' in Karachi. Overdue: owed and today is after the grace day of the due month. */
export function oracleState(i: Pick<RawInstalment, 'status' | 'under_review' | 'due_date'>, today: string, graceDay = 10): OracleState {
  if (i.status === 'PAID') return 'PAID';
  if (i.under_review) return 'UNDER_REVIEW';
  if (i.due_date > today) return 'SCHEDULED';
  const graceDate = `${i.due_date.slice(0, 8)}${String(graceDay).padStart(2, '0')}`;
  return today > graceDate ? 'OVERDUE' : 'OWED';
}

type Pair = { count: number; amount: number };
const pair = (list: RawInstalment[]): Pair => ({ count: list.length, amount: Math.round(list.reduce((s, i) => s + Math.round(i.amount * 100), 0)) / 100 });

export function oracleFigures(list: RawInstalment[], today: string, graceDay = 10) {
  const withState = list.map((i) => ({ ...i, state: oracleState(i, today, graceDay) }));
  const having = (test: (i: (typeof withState)[number]) => boolean) => pair(withState.filter(test));
  const dueSoFar = having((i) => i.due_date <= today);
  const paidDueSoFar = having((i) => i.due_date <= today && i.state === 'PAID');
  const paid = having((i) => i.state === 'PAID');
  return {
    scheduled: having((i) => i.state === 'SCHEDULED'),
    due: having((i) => i.due_date <= today && i.state !== 'PAID'),
    underReview: having((i) => i.state === 'UNDER_REVIEW'),
    owed: having((i) => i.state === 'OWED' || i.state === 'OVERDUE'),
    overdue: having((i) => i.state === 'OVERDUE'),
    paid,
    pending: having((i) => i.state === 'UNDER_REVIEW' || i.state === 'OWED' || i.state === 'OVERDUE'),
    dueSoFar,
    collected: paid.amount,
    // Whole percent, half up, worked in paisa so that no float decides a .5.
    collectionRate: dueSoFar.amount === 0 ? 0 : percentHalfUp(Math.round(paidDueSoFar.amount * 100), Math.round(dueSoFar.amount * 100)),
  };
}

function percentHalfUp(part: number, whole: number): number {
  const hundredTimes = part * 100;
  const quotient = Math.floor(hundredTimes / whole);
  return hundredTimes - quotient * whole >= whole / 2 ? quotient + 1 : quotient;
}

/**
 * What is owed (RULES §6a), in one place: the state of an instalment on a given business day, and the
 * counts and sums built from those states. Every figure of the product (summaries, reports, the
 * overview, group statistics, the winner picker's tags, the overdue job, ledgers and arrears) reads
 * them through here, and the database computes them: no rows are pulled into Node to be counted.
 *
 * Overdue follows from the date at the moment of reading: nothing waits for the overdue job.
 */
import type { CountAndAmount, InstalmentFigures, InstalmentState } from '../../contract/figures.ts';
import { rupeesFromDb } from '../../contract/money.ts';
import { karachiToday } from '../business-time.ts';
import type { Queryable } from '../db/database.ts';

/** The business day figures are read on: today in Asia/Karachi, and the grace day of the month (RULES §2). */
export type BusinessDay = { today: string; graceDay: number };

export function businessDayOf(now: Date, graceDay: number): BusinessDay {
  const t = karachiToday(now);
  return { today: `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`, graceDay };
}

// The day is written into the SQL as literals: both parts are checked here and never come from a request,
// so every query can use them at any place without renumbering its parameters.
/** SQL: the business day as a date literal, checked (for queries that read the day beside the figures). */
export function businessDateSql(day: BusinessDay): string {
  return todaySql(day);
}
function todaySql(day: BusinessDay): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day.today)) throw new Error('invalid business day');
  return `DATE '${day.today}'`;
}
function graceSql(day: BusinessDay): number {
  if (!Number.isInteger(day.graceDay) || day.graceDay < 1 || day.graceDay > 28) throw new Error('invalid grace day');
  return day.graceDay;
}

/**
 * SQL: the state of payment `p` on `day`, first match wins: PAID; UNDER_REVIEW (a receipt waits, even
 * for a month paid ahead); SCHEDULED (its due date has not come); OVERDUE (past the grace day: the first
 * of the month plus grace − 1 days is behind today); else OWED. A plan request (subscription) is not an
 * instalment: PAID when approved, UNDER_REVIEW while it waits, and in no state once refused.
 */
export function instalmentStateSql(day: BusinessDay, p = 'p'): string {
  const today = todaySql(day);
  return `(CASE
    WHEN ${p}.type = 'SUBSCRIPTION' THEN CASE ${p}.status WHEN 'PAID' THEN 'PAID' WHEN 'PENDING' THEN 'UNDER_REVIEW' END
    WHEN ${p}.status = 'PAID' THEN 'PAID'
    WHEN ${p}.under_review THEN 'UNDER_REVIEW'
    WHEN ${p}.due_date > ${today} THEN 'SCHEDULED'
    WHEN ${p}.due_date + ${graceSql(day) - 1} < ${today} THEN 'OVERDUE'
    ELSE 'OWED' END)`;
}

/**
 * SQL: true when payment `p` is an overdue instalment on `day` (the defaulters', the overview's and the
 * overdue job's test): the OVERDUE branch of instalmentStateSql with the branches before it ruled out,
 * written on the columns of the partial index of unpaid instalments (migration 015), so that the index
 * alone answers it. figures.test.ts checks that it agrees with the state on every kind of instalment.
 */
export function isOverdueSql(day: BusinessDay, p = 'p'): string {
  return `(${p}.type = 'INSTALMENT' AND ${p}.status <> 'PAID' AND NOT ${p}.under_review AND ${p}.due_date < ${overdueCutoffSql(day)})`;
}

/**
 * SQL: how many members have an overdue instalment on `day`: isOverdueSql's test on each member's oldest
 * unpaid instalment without a receipt under review (kept by migration 022), which is overdue exactly when
 * any of the member's is; counted through the index on their due dates (member_oldest_unpaid_due_idx).
 * figures.test.ts checks it against the members of the overdue instalments.
 */
export function overdueMembersSql(day: BusinessDay): string {
  return `(SELECT count(*)::int FROM member_oldest_unpaid m WHERE m.due_date < ${overdueCutoffSql(day)})`;
}

/** SQL: the date an unpaid month without a receipt waiting is overdue before (isOverdueSql's bound). */
export function overdueCutoffSql(day: BusinessDay): string {
  return `${todaySql(day)} - ${graceSql(day) - 1}`;
}

/**
 * SQL: a condition that instalments in any of these states meet (implied by them, never narrower), on
 * columns the partial indexes of migrations 013, 015 and 023 cover, so that a list of, say, pending
 * instalments reads those rows rather than every payment. Written beside the state test, never instead.
 */
export function instalmentStatesNarrowingSql(day: BusinessDay, states: readonly InstalmentState[], p = 'p'): string {
  const today = todaySql(day);
  const unpaid = `${p}.status <> 'PAID' AND NOT ${p}.under_review`;
  const byState: Record<InstalmentState, string> = {
    PAID: `${p}.status = 'PAID'`,
    UNDER_REVIEW: `${p}.under_review`,
    SCHEDULED: `(${unpaid} AND ${p}.due_date > ${today})`,
    OWED: `(${unpaid} AND ${p}.due_date <= ${today})`,
    OVERDUE: `(${unpaid} AND ${p}.due_date <= ${today})`,
  };
  const parts = [...new Set(states.map((state) => byState[state]))];
  // Every state but PAID is of an instalment not paid: said outright, so that the index of open
  // instalments (migration 023) serves a list of them.
  const open = states.includes('PAID') ? '' : ` AND ${p}.status <> 'PAID'`;
  return parts.length ? `(${p}.type = 'INSTALMENT'${open} AND (${parts.join(' OR ')}))` : 'false';
}

/** A FROM-clause addition that names the state `${s}.state` for payment `p`. */
export function stateJoinSql(day: BusinessDay, p = 'p', s = 'fs'): string {
  return `CROSS JOIN LATERAL (SELECT ${instalmentStateSql(day, p)} AS state) ${s}`;
}

const FIGURE_SETS: Record<Exclude<keyof InstalmentFigures, 'collected' | 'collectionRate'>, (s: string, p: string, today: string) => string> = {
  scheduled: (s) => `${s}.state = 'SCHEDULED'`,
  due: (s, p, today) => `${s}.state <> 'PAID' AND ${p}.due_date <= ${today}`,
  underReview: (s) => `${s}.state = 'UNDER_REVIEW'`,
  owed: (s) => `${s}.state IN ('OWED', 'OVERDUE')`,
  overdue: (s) => `${s}.state = 'OVERDUE'`,
  paid: (s) => `${s}.state = 'PAID'`,
  pending: (s) => `${s}.state IN ('UNDER_REVIEW', 'OWED', 'OVERDUE')`,
  dueSoFar: (_s, p, today) => `${p}.due_date <= ${today}`,
};
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * SQL select list of the figures over the rows in scope (payment `p` with its state `${s}.state`, from
 * stateJoinSql). Read a row of it with figuresFromRow.
 */
export function figureColumnsSql(day: BusinessDay, p = 'p', s = 'fs', rows: 'payments' | 'kept totals' = 'payments'): string {
  const today = todaySql(day);
  // A row of the kept totals stands for `n` instalments and carries their summed amount.
  const count = (w: string) => (rows === 'payments' ? `count(*) FILTER (WHERE ${w})::int` : `coalesce(sum(${p}.n) FILTER (WHERE ${w}), 0)::int`);
  const sets = Object.entries(FIGURE_SETS).map(([name, where]) => {
    const w = where(s, p, today);
    return `${count(w)} AS f_${snake(name)}_count, coalesce(sum(${p}.amount) FILTER (WHERE ${w}), 0)::text AS f_${snake(name)}_amount`;
  });
  // Collection rate: paid ÷ due so far, by money, in whole percent (half up); 0 while nothing is due.
  sets.push(`coalesce(sum(${p}.amount) FILTER (WHERE ${s}.state = 'PAID' AND ${p}.due_date <= ${today}), 0)::text AS f_paid_due_so_far_amount`);
  return sets.join(',\n       ');
}

export type FigureRow = Record<string, unknown>;

export function figuresFromRow(row: FigureRow | undefined): InstalmentFigures {
  const pair = (name: string): CountAndAmount => ({
    count: Number(row?.[`f_${snake(name)}_count`] ?? 0),
    amount: rupeesFromDb(String(row?.[`f_${snake(name)}_amount`] ?? '0')),
  });
  const sets = Object.fromEntries(Object.keys(FIGURE_SETS).map((name) => [name, pair(name)])) as Omit<InstalmentFigures, 'collected' | 'collectionRate'>;
  const paidDueSoFar = rupeesFromDb(String(row?.f_paid_due_so_far_amount ?? '0'));
  return { ...sets, collected: sets.paid.amount, collectionRate: collectionRate(paidDueSoFar, sets.dueSoFar.amount) };
}

/** Whole percent, half up, of money paid out of money due so far. Amounts are in rupees with at most two decimals. */
function collectionRate(paid: number, dueSoFar: number): number {
  if (dueSoFar <= 0) return 0;
  // In paisa, so the division works on whole numbers and rounds the same on every platform.
  const paidPaisa = Math.round(paid * 100);
  const duePaisa = Math.round(dueSoFar * 100);
  return Math.floor((paidPaisa * 200 + duePaisa) / (duePaisa * 2));
}

/**
 * The figures of the instalments in scope: `from` joins what `where` needs (the payment is `p`), `where`
 * uses `params` as $1…$n. Instalments only, unless the scope says otherwise.
 */
export async function readFigures(db: Queryable, day: BusinessDay, scope: { from?: string; where?: string; params?: unknown[] } = {}): Promise<InstalmentFigures> {
  const { rows } = await db.query<FigureRow>(
    `SELECT ${figureColumnsSql(day)}
     FROM payments p ${scope.from ?? ''} ${stateJoinSql(day)}
     WHERE ${scope.where ?? `p.type = 'INSTALMENT'`}`,
    scope.params ?? [],
  );
  return figuresFromRow(rows[0]);
}

/**
 * The instalments' kept totals (migration 015) as rows the state SQL reads: one row stands for
 * `n` instalments of a group (or of a plan) and due date that are paid or not and under review or not;
 * `settled` marks first months settled by their plan request. Use with
 * figureColumnsSql(day, 'p', 'fs', 'kept totals') and stateJoinSql(day): the same definitions, summed
 * over a few rows per group or plan and month instead of every instalment. Per plan, group_id is null.
 */
export function keptInstalmentsSql(by: 'group' | 'plan'): string {
  const [table, group] = by === 'group' ? ['instalment_totals', 't.group_id'] : ['instalment_plan_totals', 'NULL::uuid'];
  return `(SELECT 'INSTALMENT'::text AS type, CASE WHEN t.paid THEN 'PAID' ELSE 'PENDING' END AS status,
    t.under_review, t.due_date, t.n, t.amount, t.settled, t.plan_id, ${group} AS group_id,
    extract(month FROM t.due_date)::int AS month, extract(year FROM t.due_date)::int AS year
  FROM ${table} t WHERE t.n <> 0)`;
}

/**
 * SQL of the figures over the kept totals' rows (keptInstalmentsSql), summed in two steps:
 * first the rows' counts and amounts per state and per side of today (and per `keys`), so that each row's
 * state is worked out once, then the figures over those few sums by figureColumnsSql, the same definitions.
 * Worked out inside each figure's filter instead, the state was computed 17 times a row: 3-5 ms over the
 * 2,035 rows per plan and month of 10,000 members, against 1.3-2.5 ms this way (docs/performance.md). The
 * readers of one group's few rows (ledgers, group statistics) still sum them in one step: no gain measured.
 * `from` is the FROM item naming the rows `p` (with what it joins), `where` their filter; `keys` are the
 * columns the figures are given by (`expression AS name`, kept under that name in the answer).
 */
export function keptFiguresSql(day: BusinessDay, from: string, where: string, keys: readonly { sql: string; as: string }[] = []): string {
  const keyColumns = keys.map((k) => `${k.sql} AS ${k.as}`);
  const keyNames = keys.map((k) => `k.${k.as}`);
  // min(due_date) stands for every row of its group in `due_date <= today`: the group is on one side of it.
  return `SELECT ${[...keyNames, figureColumnsSql(day, 'k', 'k', 'kept totals')].join(', ')}
     FROM (SELECT ${[...keyColumns, 'fs.state', 'min(p.due_date) AS due_date', 'sum(p.n) AS n', 'sum(p.amount) AS amount'].join(', ')}
       FROM ${from} ${stateJoinSql(day)}
       WHERE ${where}
       GROUP BY ${[...keys.map((k) => k.sql), 'fs.state', `p.due_date <= ${todaySql(day)}`].join(', ')}) k
     ${keys.length ? `GROUP BY ${keyNames.join(', ')}` : ''}`;
}

/**
 * The figures of every instalment, or of one plan, group, month or year, from the kept totals: what the
 * admin overview, the admin summary and the reports' summaries read on every request.
 */
export async function readKeptFigures(db: Queryable, day: BusinessDay, scope: { planId?: string | null; groupId?: string | null; month?: number | null; year?: number | null } = {}): Promise<InstalmentFigures> {
  const { rows } = await db.query<FigureRow>(
    keptFiguresSql(
      day,
      `${keptInstalmentsSql(scope.groupId ? 'group' : 'plan')} p`,
      '($1::uuid IS NULL OR p.plan_id = $1) AND ($2::uuid IS NULL OR p.group_id = $2) AND ($3::int IS NULL OR p.month = $3) AND ($4::int IS NULL OR p.year = $4)',
    ),
    [scope.planId ?? null, scope.groupId ?? null, scope.month ?? null, scope.year ?? null],
  );
  return figuresFromRow(rows[0]);
}

/** An empty set of figures: for a group or a member with no instalments yet. */
export const noFigures = (): InstalmentFigures => figuresFromRow(undefined);

export type { InstalmentState };

/**
 * SQL rows of the instalments a member approved now into each group of `groups` (a FROM item naming
 * committee_groups as `g`) would have: one a month of the plan's cycle from the group's start, the first
 * settled by the plan request (membership-service.ts). Shaped as the kept totals' rows (keptInstalmentsSql),
 * so that figureColumnsSql(day, 'p', 'fs', 'kept totals') and stateJoinSql(day) read them by the same
 * definitions as every other figure: the months the member would owe at once, before they join.
 */
export function joiningInstalmentsSql(groups: string): string {
  return `(SELECT 'INSTALMENT'::text AS type, CASE WHEN m.n = 0 THEN 'PAID' ELSE 'PENDING' END AS status,
    false AS under_review, (date_trunc('month', g.start_date) + make_interval(months => m.n))::date AS due_date,
    1 AS n, cp.monthly_amount AS amount, g.id AS group_id
  FROM ${groups} JOIN committee_plans cp ON cp.id = g.plan_id
  CROSS JOIN LATERAL generate_series(0, cp.duration - 1) AS m(n))`;
}

/**
 * What a member approved now into each of these groups would owe at once (RULES §6a: the months of a
 * group that started before them, due on joining), computed for all of them in one query.
 */
export async function readOwedOnJoining(db: Queryable, day: BusinessDay, groupIds: readonly string[]): Promise<Map<string, CountAndAmount>> {
  const owed = new Map<string, CountAndAmount>();
  if (groupIds.length === 0) return owed;
  const { rows } = await db.query<FigureRow & { group_id: string }>(
    `SELECT p.group_id, ${figureColumnsSql(day, 'p', 'fs', 'kept totals')}
     FROM ${joiningInstalmentsSql('(SELECT * FROM committee_groups WHERE id = ANY($1::uuid[])) g')} p ${stateJoinSql(day)}
     GROUP BY p.group_id`,
    [groupIds],
  );
  for (const row of rows) owed.set(row.group_id, figuresFromRow(row).owed);
  return owed;
}

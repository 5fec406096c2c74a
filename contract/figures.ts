/**
 * What is owed (RULES §6a): the words every money figure is told in, and the shapes the server answers
 * them with. Server and web both read these; the definitions themselves are computed on the server
 * (server/figures/figures.ts).
 *
 * Written with zod's small build (zod/mini): the web app checks a member's summary against these before
 * the dashboard's first screen, and the full build's schema library would double what that screen loads.
 */
import * as z from 'zod/mini';
import { pagination } from './pagination.ts';

/**
 * The state of one instalment on a given day, each instalment in exactly one:
 * - SCHEDULED: its due date has not come (and no receipt waits);
 * - UNDER_REVIEW: a receipt waits for an admin;
 * - OWED: due, not paid, no receipt waiting, the grace day not yet passed;
 * - OVERDUE: owed after the grace day;
 * - PAID: approved.
 */
export const INSTALMENT_STATES = ['SCHEDULED', 'UNDER_REVIEW', 'OWED', 'OVERDUE', 'PAID'] as const;
export const instalmentState = z.enum(INSTALMENT_STATES);
export type InstalmentState = z.infer<typeof instalmentState>;

export const countAndAmount = z.object({ count: z.int(), amount: z.number() });
export type CountAndAmount = z.infer<typeof countAndAmount>;

/**
 * The figures of any set of instalments. `owed` includes `overdue`; `pending` is `underReview` plus
 * `owed`; `due` is every instalment whose due date has come and that is not paid; `dueSoFar` is every
 * instalment whose due date has come, paid or not. `collected` is the paid money and
 * `collectionRate` the whole percent of the money due so far that is paid.
 */
export const instalmentFigures = z.object({
  scheduled: countAndAmount,
  due: countAndAmount,
  underReview: countAndAmount,
  owed: countAndAmount,
  overdue: countAndAmount,
  paid: countAndAmount,
  pending: countAndAmount,
  dueSoFar: countAndAmount,
  collected: z.number(),
  collectionRate: z.number(),
});
export type InstalmentFigures = z.infer<typeof instalmentFigures>;

/** Counts or amounts by state: `total` is `paid` + `pending`, `pending` is `underReview` + `owed`, `owed` includes `overdue`. */
export const stateTotals = z.object({ total: z.number(), paid: z.number(), pending: z.number(), overdue: z.number(), underReview: z.number(), owed: z.number() });

/** The payments summary of a set of instalments: counts and amounts by state, with the full figures. */
export const instalmentSummary = z.object({ counts: stateTotals, amounts: stateTotals, figures: instalmentFigures });
export type InstalmentSummary = z.infer<typeof instalmentSummary>;

/** A member's next instalment: the earliest owed one, else the next scheduled one. */
export const nextDue = z.object({
  paymentId: z.string(),
  groupId: z.string(),
  groupNumber: z.string(),
  planName: z.string(),
  month: z.int(),
  year: z.int(),
  amount: z.number(),
  dueDate: z.string(),
  /** Days since the due date: negative while it is still to come (-3 is "3 days left"). */
  daysLate: z.int(),
  state: instalmentState,
});
export type NextDue = z.infer<typeof nextDue>;

/**
 * GET /api/payments/summary (RULES §6a): pending = under review + owed; overdue ⊂ owed; total = paid +
 * pending. A member's summary also leads with the next instalment and what is owed, paid and remaining
 * (an administrator's has none of these). Here with the figures, in the small build, because the
 * member's dashboard checks it before its first screen.
 */
export const paymentsSummary = z.object({
  ...instalmentSummary.shape,
  nextDue: z.optional(z.nullable(nextDue)),
  owed: z.optional(countAndAmount),
  paid: z.optional(countAndAmount),
  remaining: z.optional(countAndAmount),
});
export type PaymentsSummary = z.infer<typeof paymentsSummary>;

/** GET /api/payments/summary: the summary at the top and again as data. */
export const paymentsSummaryAnswer = z.object({ success: z.literal(true), summary: paymentsSummary, data: paymentsSummary });

/** One instalment of a ledger: a member's month in one group, with what became of it. */
export const ledgerEntry = z.object({
  paymentId: z.string(),
  groupId: z.string(),
  groupNumber: z.string(),
  planName: z.string(),
  month: z.int(),
  year: z.int(),
  amount: z.number(),
  dueDate: z.string(),
  state: instalmentState,
  status: z.string(),
  submittedAt: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  paymentDate: z.nullable(z.string()),
  rejectionReason: z.nullable(z.string()),
  hasReceipt: z.boolean(),
  receiptUrl: z.nullable(z.string()),
  /** The first month, paid with the plan request: its approval is the plan request's, not undone here. */
  settledByPlanRequest: z.optional(z.boolean()),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** GET /api/admin/users/{id}/ledger */
export const memberLedger = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.nullable(z.string()) }),
  asOf: z.string(),
  figures: instalmentFigures,
  groups: z.array(z.object({ groupId: z.string(), groupNumber: z.string(), planName: z.string(), figures: instalmentFigures })),
  entries: z.array(ledgerEntry),
});
export type MemberLedger = z.infer<typeof memberLedger>;

/** A member's instalment of one month of the arrears grid. */
export const arrearsCell = z.object({ state: instalmentState, amount: z.number() });
export type ArrearsCell = z.infer<typeof arrearsCell>;

/** The totals of one month column of the arrears grid, over all the group's members: money due so far, collected and owed that month. */
export const arrearsMonthTotals = z.object({
  month: z.int(),
  year: z.int(),
  due: z.number(),
  collected: z.number(),
  owed: z.number(),
});

/**
 * GET /api/admin/groups/{id}/arrears?page&limit: members down (a page of them, by member number), months
 * across. Each member's `cells` is aligned with `months`: the instalment of that month, or null where the
 * member has none. `months` and `figures` are the whole group's, the same on every page.
 */
export const groupArrears = z.object({
  group: z.object({ id: z.string(), groupNumber: z.string(), planName: z.string(), startDate: z.string(), endDate: z.string(), monthlyAmount: z.number() }),
  asOf: z.string(),
  months: z.array(arrearsMonthTotals),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      memberNumber: z.int(),
      status: z.string(),
      cells: z.array(z.nullable(arrearsCell)),
      figures: instalmentFigures,
    }),
  ),
  figures: instalmentFigures,
  pagination,
});
export type GroupArrears = z.infer<typeof groupArrears>;

/**
 * One month of a group's ledger (a group's money, month by month): `due` is what the group's
 * instalments of the month come to once their due date has come (0 before); `collected` what of them
 * is paid (a month paid ahead counts in its own month); `paidOut` the month's winner's prize once it is
 * paid; `held` = collected − paid out; `balance` the running sum of `held` up to this month.
 */
export const groupLedgerMonth = z.object({
  month: z.int(),
  year: z.int(),
  /** The month's place in the cycle, 1 for the first. */
  index: z.int(),
  dueDate: z.string(),
  /** The due date has not come: nothing is due yet. */
  scheduled: z.boolean(),
  due: z.number(),
  collected: z.number(),
  underReview: z.number(),
  owed: z.number(),
  overdue: z.number(),
  paidOut: z.number(),
  held: z.number(),
  balance: z.number(),
  /** The month's winner, if drawn: to a member, another member is a first name and initial only. */
  winner: z.nullable(z.object({ name: z.string(), status: z.string(), amount: z.number(), isYou: z.boolean() })),
  /** The reader's own instalment of the month (members only; null for an admin or a month without one). */
  own: z.nullable(z.object({ state: instalmentState, amount: z.number() })),
});
export type GroupLedgerMonth = z.infer<typeof groupLedgerMonth>;

export const groupLedger = z.object({
  group: z.object({ id: z.string(), groupNumber: z.string(), planName: z.string(), monthlyAmount: z.number(), startDate: z.string(), endDate: z.string(), members: z.int() }),
  asOf: z.string(),
  months: z.array(groupLedgerMonth),
  totals: z.object({ due: z.number(), collected: z.number(), paidOut: z.number(), held: z.number() }),
});
export type GroupLedger = z.infer<typeof groupLedger>;

/**
 * The state filter of the admin's payment lists, in the words of RULES §6a: `owed` includes the overdue
 * ones, as everywhere. Each word stands for these states of an instalment.
 */
export const STATE_FILTERS = ['scheduled', 'under-review', 'owed', 'overdue', 'paid'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const statesOfFilter: Record<StateFilter, InstalmentState[]> = {
  scheduled: ['SCHEDULED'],
  'under-review': ['UNDER_REVIEW'],
  owed: ['OWED', 'OVERDUE'],
  overdue: ['OVERDUE'],
  paid: ['PAID'],
};

/** A due month filter (YYYY-MM): the first day of the month, and of the month after it. */
export function dueMonthBounds(month: string): { first: string; next: string } {
  const [year, m] = month.split('-').map(Number);
  const nextYear = m === 12 ? year + 1 : year;
  const nextMonth = m === 12 ? 1 : m + 1;
  return { first: `${month}-01`, next: `${nextYear}-${String(nextMonth).padStart(2, '0')}-01` };
}

/**
 * Reconciliation by bank account (RULES §6a, §10): per day or month of Asia/Karachi, the money approved
 * into each account and the receipts still waiting for review, and one period's approved payments for
 * the operator to tick against the bank statement. GET /api/admin/reconciliation and …/entries.
 */
import { z } from 'zod';
import { countAndAmount } from './figures.ts';
import { firstValue, pagination, pagingQueryOf } from './paging.ts';

export const reconciliationMessages = {
  account: 'Choose a valid bank account.',
  from: 'Enter the first day as YYYY-MM-DD.',
  to: 'Enter the last day as YYYY-MM-DD.',
  order: 'The first day must not be after the last day.',
  by: 'Choose day or month.',
  dayRange: 'Choose at most 366 days when showing each day.',
  monthRange: 'Choose at most 10 years when showing each month.',
  date: 'Enter the day as YYYY-MM-DD.',
  month: 'Enter the month as YYYY-MM.',
  oneOf: 'Give either a day or a month.',
  paymentNotFound: 'No approved payment has this id.',
  ticked: 'Say whether the payment is ticked.',
} as const;

/** Days are shown per day up to a year, per month up to ten years: the answer stays small. */
export const RECONCILIATION_MAX_DAYS = 366;
export const RECONCILIATION_MAX_MONTHS = 120;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  if (y < 2000 || y > 2100) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
export const isCalendarMonth = (value: string) => /^\d{4}-\d{2}$/.test(value) && isCalendarDay(`${value}-01`);

const dayField = (message: string) => firstValue(z.string({ error: message }).trim().refine(isCalendarDay, message));
const accountField = firstValue(z.string({ error: reconciliationMessages.account }).trim().regex(UUID, reconciliationMessages.account).optional());

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
const monthsBetween = (from: string, to: string) => Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7)) - (Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)));

export const reconciliationBy = z.enum(['day', 'month']);
export type ReconciliationBy = z.infer<typeof reconciliationBy>;

/** The first day not after the last, and a range shown per day or month within its bound. */
function checkPeriodRange(q: { from: string; to: string; by: ReconciliationBy }, issue: z.RefinementCtx) {
  if (q.from > q.to) issue.addIssue({ code: 'custom', path: ['to'], message: reconciliationMessages.order });
  else if (q.by === 'day' && daysBetween(q.from, q.to) + 1 > RECONCILIATION_MAX_DAYS) issue.addIssue({ code: 'custom', path: ['to'], message: reconciliationMessages.dayRange });
  else if (q.by === 'month' && monthsBetween(q.from, q.to) + 1 > RECONCILIATION_MAX_MONTHS) issue.addIssue({ code: 'custom', path: ['to'], message: reconciliationMessages.monthRange });
}

/** GET /api/admin/reconciliation: every account members pay into, or the one asked for; both days included. */
export const reconciliationQuery = z
  .object({
    bankAccountId: accountField,
    from: dayField(reconciliationMessages.from),
    to: dayField(reconciliationMessages.to),
    by: firstValue(z.enum(['day', 'month'], { error: reconciliationMessages.by }).default('day')),
  })
  .superRefine(checkPeriodRange);
export type ReconciliationQuery = z.output<typeof reconciliationQuery>;

/** One day ('YYYY-MM-DD') or month ('YYYY-MM'): the money approved into the account, and the receipts sent then that still wait. */
export const reconciliationPeriod = z.object({
  period: z.string(),
  approved: countAndAmount,
  waiting: countAndAmount,
});
export type ReconciliationPeriod = z.output<typeof reconciliationPeriod>;

export const reconciliationAccount = z.object({
  bankAccount: z.object({
    id: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    bankName: z.string(),
    isActive: z.boolean(),
    /** Deleted, kept for its history (RULES §10). */
    isDeleted: z.boolean(),
  }),
  /** The periods with any approved or waiting money, oldest first. */
  periods: z.array(reconciliationPeriod),
  /** The sums of the periods. */
  totals: z.object({ approved: countAndAmount, waiting: countAndAmount }),
});
export type ReconciliationAccount = z.output<typeof reconciliationAccount>;

export const reconciliationReport = z.object({
  from: z.string(),
  to: z.string(),
  by: reconciliationBy,
  accounts: z.array(reconciliationAccount),
});
export type ReconciliationReport = z.output<typeof reconciliationReport>;

export const reconciliationAnswer = z.object({ success: z.literal(true), data: reconciliationReport });

/** GET /api/admin/reconciliation/entries: the approved payments of one day or month into one account. */
export const reconciliationEntriesQuery = pagingQueryOf(50)
  .extend({
    bankAccountId: firstValue(z.string({ error: reconciliationMessages.account }).trim().regex(UUID, reconciliationMessages.account)),
    date: firstValue(z.string().trim().refine(isCalendarDay, reconciliationMessages.date).optional()),
    month: firstValue(z.string().trim().refine(isCalendarMonth, reconciliationMessages.month).optional()),
  })
  .superRefine((q, issue) => {
    if ((q.date === undefined) === (q.month === undefined)) issue.addIssue({ code: 'custom', path: ['date'], message: reconciliationMessages.oneOf });
  });
export type ReconciliationEntriesQuery = z.output<typeof reconciliationEntriesQuery>;

/** A payment ticked as checked against the bank statement: by whom and when (shared by every admin). */
export const reconciliationTick = z.object({ byId: z.string(), byName: z.string(), at: z.string() });
export type ReconciliationTick = z.output<typeof reconciliationTick>;

/** PUT /api/admin/reconciliation/ticks/{paymentId}: tick or untick an approved payment. */
export const reconciliationTickBody = z.object({ ticked: z.boolean({ error: reconciliationMessages.ticked }) });
export const reconciliationTickAnswer = z.object({
  success: z.literal(true),
  data: z.object({ paymentId: z.string(), tick: reconciliationTick.nullable() }),
});

/** One approved payment: an instalment, or a plan request (whose money also settles the first month). */
export const reconciliationEntry = z.object({
  id: z.string(),
  type: z.enum(['INSTALMENT', 'SUBSCRIPTION']),
  memberName: z.string(),
  planName: z.string(),
  groupNumber: z.string().nullable(),
  /** The month the money pays for; a plan request's is its group's first month. */
  month: z.number().int().nullable(),
  year: z.number().int().nullable(),
  amount: z.number(),
  approvedAt: z.string(),
  /** The approval time in Asia/Karachi, 'YYYY-MM-DD HH:MM'. */
  approvedAtPkt: z.string(),
  paymentMethod: z.string(),
  /** The receipt's file name or the link the member gave, if any. */
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** The payment reference the member was asked to write in the transfer's remarks. */
  paymentReference: z.string(),
  /** What the receipt says of the transfer: its day in Pakistan and the bank's transaction number. */
  transferDate: z.string().nullable(),
  transactionNumber: z.string().nullable(),
  /** The bank statement line matched to this payment, if any. */
  statementLine: z.object({ id: z.string(), line: z.int(), transferDate: z.string(), description: z.string() }).nullable(),
  /** The administrators' shared tick: who checked this payment against the bank statement, and when. */
  tick: reconciliationTick.nullable(),
});
export type ReconciliationEntry = z.output<typeof reconciliationEntry>;

export const reconciliationEntriesAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    bankAccountId: z.string(),
    /** The day ('YYYY-MM-DD') or month ('YYYY-MM') listed. */
    period: z.string(),
    entries: z.array(reconciliationEntry),
    /** Every approved payment of the period, not this page only. */
    totals: countAndAmount,
    pagination,
  }),
});
export type ReconciliationEntriesPage = z.output<typeof reconciliationEntriesAnswer>['data'];

/**
 * GET /api/admin/reconciliation/statement: per transfer day or month, an account's imported statement
 * credit lines, how many are matched and how many open, and the approved payments into the account that
 * no statement line matches (the period's open items, by the payment's transfer day).
 */
export const statementReconciliationQuery = z
  .object({
    bankAccountId: firstValue(z.string({ error: reconciliationMessages.account }).trim().regex(UUID, reconciliationMessages.account)),
    from: dayField(reconciliationMessages.from),
    to: dayField(reconciliationMessages.to),
    by: firstValue(z.enum(['day', 'month'], { error: reconciliationMessages.by }).default('day')),
  })
  .superRefine(checkPeriodRange);

export const statementReconciliationPeriod = z.object({
  period: z.string(),
  /** Credit lines of the statement on these days: all, matched to a payment, still open. */
  lines: z.int(),
  matched: z.int(),
  open: z.int(),
  /** Approved payments into the account, transferred on these days, that no line matches. */
  approvedWithoutLine: countAndAmount,
});
export const statementReconciliationAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    bankAccountId: z.string(),
    from: z.string(),
    to: z.string(),
    by: reconciliationBy,
    periods: z.array(statementReconciliationPeriod),
    totals: statementReconciliationPeriod.omit({ period: true }),
  }),
});

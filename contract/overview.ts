/**
 * The admin dashboard's figures (admin document §3 "Dashboard overview"), as GET /api/admin/dashboard/overview
 * answers them: users from the kept counters, committees (plans, RULES §1) and groups counted, and the
 * instalments' figures in the words of RULES §6a.
 */
import { z } from 'zod';
import { instalmentFigures } from './figures.ts';

export const adminOverview = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  blockedUsers: z.number(),
  totalCommittees: z.number(),
  activeCommittees: z.number(),
  pausedCommittees: z.number(),
  totalGroups: z.number(),
  activeGroups: z.number(),
  /** Instalments paid or pending (RULES §6a); a plan's first instalment is its subscription's money, counted once. */
  totalPayments: z.number(),
  /** Under review or owed: never a future month. */
  pendingPayments: z.number(),
  underReviewPayments: z.number(),
  owedPayments: z.number(),
  /** Owed after the grace day, by the date, whatever the overdue job has recorded. */
  overduePayments: z.number(),
  /** Members with at least one overdue instalment. */
  overdueMembers: z.number(),
  collectedAmount: z.number(),
  /** Paid ÷ due so far, in whole percent. */
  collectionRate: z.number(),
  pendingPlanRequests: z.number(),
  /** How many whole days the oldest receipt waiting for review has waited (null when none waits). */
  oldestReceiptWaitingDays: z.number().int().nullable(),
  /** Active groups whose cycle includes this month and that have no winner for it yet. */
  groupsWithoutWinner: z.number().int(),
  /** Months before this one with commissions still unpaid (each month is paid as one batch). */
  unpaidCommissionMonths: z.number().int(),
  figures: instalmentFigures,
});
export type AdminOverview = z.output<typeof adminOverview>;

/** GET /api/admin/dashboard/overview: the figures and when they were read, at the top and again in data. */
export const adminOverviewAnswer = z.object({
  success: z.literal(true),
  overview: adminOverview,
  generatedAt: z.string(),
  data: z.object({ overview: adminOverview, generatedAt: z.string() }),
});

/**
 * The admin's charts, month by month over the last months (the current one last): what the month's
 * instalments came to once due (`due`, due so far) and what of it is `collected` (RULES §6a), the prizes
 * `paidOut` to the month's winners, and how many members `joined` a group that month (Pakistan time).
 */
export const monthlySeries = z.object({
  months: z.array(z.object({ year: z.number().int(), month: z.number().int(), due: z.number(), collected: z.number(), paidOut: z.number(), joined: z.number().int() })),
});
export type MonthlySeries = z.output<typeof monthlySeries>;

/** GET /api/admin/dashboard/series?months=12 */
export const monthlySeriesQuery = z.object({
  months: z.coerce.number({ error: 'Months must be a whole number from 1 to 36.' }).int('Months must be a whole number from 1 to 36.').min(1, 'Months must be a whole number from 1 to 36.').max(36, 'Months must be a whole number from 1 to 36.').default(12),
});
export const monthlySeriesAnswer = z.object({ success: z.literal(true), data: monthlySeries });

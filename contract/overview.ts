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

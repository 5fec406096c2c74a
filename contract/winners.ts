/** The monthly draw (admin document §2 Winner Management, §5; RULES §9), with the spec's messages. */
import { z } from 'zod';
import { pagination } from './paging.ts';
import { caseInsensitiveEnum } from './plans.ts';

export const WINNER_STATUSES = ['SELECTED', 'PAID', 'CANCELLED'] as const;
export const WINNER_PAYMENT_TYPES = ['CASH', 'UMRAH'] as const;

/** Winners per page of GET /api/winners when no limit is asked for, and the page the admin screen asks for. */
export const WINNER_PAGE_SIZE = 20;

export const winnerMessages = {
  autoDisabled: 'Auto selection is disabled. Manual selection required.',
  selected: (groupNumber: string) => `Winner selected successfully for Group ${groupNumber}`,
  groupNotFound: 'Group not found.',
  notInCycle: "This month is not part of the group's cycle.",
  yearRange: 'Year must be between 2020 and 2030.',
  monthTaken: 'A winner has already been selected for this group and month.',
  notEligible: 'This member is not eligible: only active members of the group who have not won yet can be selected.',
  notFound: 'Winner not found.',
  alreadyCancelled: 'This winner selection is already cancelled.',
  paidNeedsNote: 'A paid winner can be cancelled only with a note explaining why.',
  cancelled: 'Winner selection cancelled',
  statusUpdated: 'Winner status updated successfully',
  transitionRefused: 'This change of status is not allowed.',
} as const;

const year = z.coerce.number({ error: winnerMessages.yearRange }).int(winnerMessages.yearRange).min(2020, winnerMessages.yearRange).max(2030, winnerMessages.yearRange);
const month = z.coerce.number({ error: 'Month must be between 1 and 12.' }).int().min(1, 'Month must be between 1 and 12.').max(12, 'Month must be between 1 and 12.');

export const selectWinnerBody = z.object({
  committeeId: z.string({ error: 'Committee is required' }).min(1, 'Committee is required').max(100),
  groupNumber: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'Group is required' }).trim().min(1, 'Group is required').max(20)),
  month,
  year,
  paymentType: caseInsensitiveEnum(WINNER_PAYMENT_TYPES).default('UMRAH'),
  userId: z.string({ error: 'Member is required' }).min(1, 'Member is required').max(100),
});

export const eligibleQuery = z.object({ month: month.optional(), year: year.optional() });

export const winnerStatusBody = z.object({
  status: caseInsensitiveEnum(WINNER_STATUSES),
  notes: z.string().trim().max(1000).optional(),
});

/*
 * The answers of the winner routes (admin document §7 Winner Management). Times are ISO 8601 strings;
 * amounts are rupees.
 */

/**
 * A winner (admin document §3 "Winner"): the member (userId, also as winnerId) with their name and email,
 * the committee (plan) and group, the month drawn, the amount and how it is paid, and when it was
 * selected, paid or cancelled.
 */
export const winner = z.object({
  id: z.string(),
  userId: z.string(),
  winnerId: z.string(),
  winner: z.object({ name: z.string(), email: z.string() }),
  committeeId: z.string(),
  committee: z.object({ id: z.string(), name: z.string() }),
  groupId: z.string(),
  groupNumber: z.string(),
  month: z.number(),
  year: z.number(),
  amount: z.number(),
  paymentType: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  selectedAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});

/** POST /api/winners/select-specific (201), PUT /api/winners/{id}/status, DELETE /api/winners/{id}: the winner now. */
export const winnerAnswer = z.object({ success: z.literal(true), message: z.string(), winner, data: z.object({ winner }) });

/** GET /api/winners: one page of winners, newest period first. */
export const winnerListAnswer = z.object({
  success: z.literal(true),
  winners: z.array(winner),
  data: z.object({ winners: z.array(winner), pagination }),
});

/** Totals, monthly rows and rows by committee, of the winners the filters match. */
export const winnerStatistics = z.object({
  total: z.object({ winners: z.number(), paid: z.number(), pending: z.number(), cancelled: z.number(), totalAmount: z.number() }),
  monthly: z.array(z.object({ month: z.number(), year: z.number(), winnerCount: z.number(), totalAmount: z.number() })),
  byCommittee: z.array(z.object({ committeeId: z.string(), committeeName: z.string(), winnerCount: z.number(), totalAmount: z.number() })),
});

/** GET /api/winners/statistics */
export const winnerStatisticsAnswer = z.object({ success: z.literal(true), statistics: winnerStatistics, data: z.object({ statistics: winnerStatistics }) });

/**
 * A group's member who may still win (admin document §3 "Eligible member"; RULES §9), with whether they
 * owe today (hasOwed, overdue included) and have an instalment owed after the grace day (hasOverdue),
 * so that the admin can see it (RULES §6a).
 */
export const eligibleMember = z.object({
  userId: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  memberNumber: z.number(),
  position: z.number(),
  hasOverdue: z.boolean(),
  hasOwed: z.boolean(),
});

/** The group whose eligible members are listed. */
export const drawGroup = z.object({ id: z.string(), groupNumber: z.string(), committeeId: z.string(), committeeName: z.string(), startDate: z.string(), endDate: z.string() });

/** GET /api/winners/eligible-members/{committeeId}/{groupNumber} */
export const eligibleMembersAnswer = z.object({
  success: z.literal(true),
  eligibleMembers: z.array(eligibleMember),
  group: drawGroup,
  data: z.object({ eligibleMembers: z.array(eligibleMember) }),
});

/** The groups still without a winner for a month (Asia/Karachi), with how many members may win in each. */
export const groupsAwaitingDraw = z.object({
  month: z.number(),
  year: z.number(),
  groups: z.array(z.object({ committeeId: z.string(), committeeName: z.string(), groupId: z.string(), groupNumber: z.string(), eligibleCount: z.number() })),
});

/** POST /api/winners/trigger-monthly-selection: it selects nobody, only lists the groups waiting. */
export const groupsAwaitingDrawAnswer = z.object({ success: z.literal(true), message: z.string(), data: groupsAwaitingDraw });

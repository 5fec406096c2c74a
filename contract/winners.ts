/** The monthly draw (admin document §2 Winner Management, §5; RULES §9), with the spec's messages. */
import { z } from 'zod';
import { caseInsensitiveEnum } from './plans.ts';

export const WINNER_STATUSES = ['SELECTED', 'PAID', 'CANCELLED'] as const;
export const WINNER_PAYMENT_TYPES = ['CASH', 'UMRAH'] as const;

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

/**
 * The operator's corrections (docs/rules.md "Corrections"): undo an approval, fix the month or amount of a
 * receipt under review, remove a member from a group, move a member to another group of the same plan.
 * Each needs a reason, is recorded in the audit log, and deletes no money history.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { PAYMENT_YEAR_MAX, PAYMENT_YEAR_MIN } from './instalments.ts';

export const correctionMessages = {
  reasonRequired: 'Please give a reason for this correction.',
  reasonTooLong: 'The reason must be at most 500 characters.',
  notApproved: 'Only an approved instalment can be undone.',
  settledByPlan: 'This month was paid with the plan request; its approval cannot be undone here.',
  commissionPaidOut: 'A referral commission from this payment has already been paid out, so its approval cannot be undone.',
  approvalUndone: 'Approval undone',
  notUnderReview: 'Only a receipt waiting for review can be corrected.',
  nothingToCorrect: 'Please give the correct month or amount.',
  monthWithBoth: 'Please give both the month and the year.',
  sameMonth: 'The receipt is already for this month.',
  monthTaken: 'That month is already paid or has a receipt waiting for review.',
  amountPositive: 'The amount must be more than 0.',
  receiptCorrected: 'Receipt corrected',
  notMember: 'This member is not in this group.',
  winnerStays: 'A winner of this group cannot be removed or moved.',
  receiptWaiting: 'A receipt from this member is waiting for review. Please approve or reject it first.',
  sameGroup: 'The member is already in this group.',
  otherPlan: 'A member can only move to a group of the same plan.',
  targetRequired: 'Please choose the group to move to.',
  removedBefore: 'This member left that group before and cannot rejoin it.',
  memberRemoved: 'Member removed from the group',
  memberMoved: 'Member moved to the new group',
} as const;

const reason = z
  .string({ error: correctionMessages.reasonRequired })
  .trim()
  .min(1, correctionMessages.reasonRequired)
  .max(500, correctionMessages.reasonTooLong);

/** POST /api/payments/{id}/undo-approval and DELETE /api/admin/groups/{id}/members/{userId}. */
export const correctionReasonBody = z.object({ reason });

/** PUT /api/payments/{id}/correct: the month (with its year) the receipt is for, its amount, or both. */
export const receiptCorrectionBody = z
  .object({
    month: z.coerce.number({ error: 'Month must be between 1 and 12.' }).int('Month must be between 1 and 12.').min(1, 'Month must be between 1 and 12.').max(12, 'Month must be between 1 and 12.').optional(),
    year: z.coerce
      .number({ error: `Year must be between ${PAYMENT_YEAR_MIN} and ${PAYMENT_YEAR_MAX}.` })
      .int()
      .min(PAYMENT_YEAR_MIN, `Year must be between ${PAYMENT_YEAR_MIN} and ${PAYMENT_YEAR_MAX}.`)
      .max(PAYMENT_YEAR_MAX, `Year must be between ${PAYMENT_YEAR_MIN} and ${PAYMENT_YEAR_MAX}.`)
      .optional(),
    amount: z.coerce.number({ error: correctionMessages.amountPositive }).positive(correctionMessages.amountPositive).max(100_000_000, correctionMessages.amountPositive).multipleOf(0.01, correctionMessages.amountPositive).optional(),
    reason,
  })
  .superRefine((body, ctx) => {
    if ((body.month === undefined) !== (body.year === undefined)) {
      ctx.addIssue({ code: 'custom', path: [body.month === undefined ? 'month' : 'year'], message: correctionMessages.monthWithBoth });
    } else if (body.month === undefined && body.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: correctionMessages.nothingToCorrect });
    }
  });
export type ReceiptCorrection = z.output<typeof receiptCorrectionBody>;

/** POST /api/admin/groups/{id}/members/{userId}/move. */
export const memberMoveBody = z.object({
  toGroupId: z.string({ error: correctionMessages.targetRequired }).trim().min(1, correctionMessages.targetRequired).max(100),
  reason,
});

export const memberParams = z.object({ id: z.string().max(100), userId: z.string().max(100) });

/** What a removal did: the instalments taken off the schedule (months to come, nothing paid in them). */
export const memberRemovedAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({ userId: z.string(), groupId: z.string(), cancelledInstalments: z.number().int() }),
});

/** Where a moved member now stands: the new group, their number in it, and how many paid months came along. */
export const memberMovedAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({ userId: z.string(), fromGroupId: z.string(), groupId: z.string(), groupNumber: z.string(), memberNumber: z.number().int(), paidMonthsCarried: z.number().int() }),
});

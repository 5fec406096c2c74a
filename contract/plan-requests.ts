/**
 * The answers of buying a plan and of reviewing the request (member document §7 "Plan payments"; admin
 * document §7 "Plan payments", "Approve plan payment", "Reject plan payment"), RULES §5 and §7. A plan
 * request is a payment (contract/instalments.ts); one request answers as paymentAnswer.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { formatPkr } from './money.ts';
import { pagination } from './paging.ts';
import { paymentSchema } from './instalments.ts';

/** What the plan request routes answer when they succeed (their refusals are planPaymentMessages). */
/**
 * The reason the server writes on a plan request the member withdrew themselves: a note of the system's,
 * not an administrator's words, which each reader sees in their own language.
 */
export const WITHDRAWN_BY_MEMBER = 'Withdrawn by the member';

export const planRequestMessages = {
  proofUploaded: 'Your payment proof has been uploaded for verification.',
  created: 'Payment request created successfully. Please upload receipt.',
  receiptUploaded: 'Receipt uploaded successfully. Admin will review your payment.',
  approved: (groupNumber: string | number) => `Payment approved and user assigned to committee group ${groupNumber} successfully`,
  rejected: 'Payment rejected successfully',
  userAdded: (groupNumber: string | number) => `User added to group ${groupNumber} successfully`,
} as const;

/** The counts of the requests the filters match, and the money of the approved ones. */
export const planPaymentCounts = z.object({ total: z.number(), pending: z.number(), approved: z.number(), rejected: z.number(), revenue: z.number() });

/** GET /api/plan-payments: a member's own requests, or one page of everyone's for an admin. */
export const planPaymentListAnswer = z.object({
  success: z.literal(true),
  // A member reads payments (member document), an admin data.payments (admin document): one copy each.
  payments: z.array(paymentSchema).optional(),
  data: z.object({ payments: z.array(paymentSchema), pagination, counts: planPaymentCounts }),
});

/** POST /api/committee-plans/{id}/add-user: the group the user was put in and their number there. */
export const addUserToPlanAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({ groupId: z.string(), groupNumber: z.string(), memberNumber: z.number() }),
});

export const planPaymentMessages = {
  alreadyPending: 'You already have a pending payment request for this plan. Please wait for admin approval.',
  notFound: 'Payment request not found.',
  processed: 'This payment request has already been processed.',
  receiptNeeded: 'User has not uploaded payment receipt. Cannot approve without receipt.',
  wrongAmount: (amount: number) => `The amount must be the plan's monthly amount (${formatPkr(amount)}).`,
  planMismatch: 'This payment request is for another plan.',
  reasonRequired: 'Please provide a rejection reason',
  bankAccountRequired: 'Please select a bank account for payment',
} as const;

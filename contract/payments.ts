/** Instalments: the member's monthly receipt and the admin's review (RULES §6), with the spec's messages. */
import { z } from 'zod';
import { caseInsensitiveEnum } from './plans.ts';

export const PAYMENT_YEAR_MIN = 2020;
export const PAYMENT_YEAR_MAX = 2030;

export const instalmentMessages = {
  required: 'Group, amount and month are required',
  bankAccountRequired: 'Please select a bank account for payment.',
  receiptRequired: 'Please upload a payment receipt or screenshot.',
  alreadyExists: 'Payment already exists for this month.',
  notInCycle: "This month is not part of the group's payment schedule.",
  wrongAmount: 'The amount must be the monthly amount of this group.',
  yearRange: `Year must be between ${PAYMENT_YEAR_MIN} and ${PAYMENT_YEAR_MAX}.`,
  monthRange: 'Month must be between 1 and 12.',
  reasonRequired: 'Please provide a rejection reason',
  notAllowed: 'This payment cannot be moved to that status.',
  alreadyPaid: 'This payment is already approved; approval cannot be undone.',
  nothingToRefuse: 'There is no submitted receipt to reject.',
  nothingToApprove: 'There is no submitted receipt to approve for this month yet.',
  needsNewReceipt: 'This payment was rejected; it can be approved once the member sends a new receipt.',
  planRequestElsewhere: 'Plan requests are approved or rejected from Plan Requests.',
  notFound: 'Payment not found.',
} as const;

/** The member's payment form sends lowercase methods; stored uppercase. */
export const memberPaymentMethod = caseInsensitiveEnum(['CASH', 'BANK_TRANSFER', 'MOBILE_BANKING'] as const);

export const adminPaymentStatus = caseInsensitiveEnum(['PAID', 'REJECTED', 'OVERDUE'] as const);
export type AdminPaymentStatus = z.infer<typeof adminPaymentStatus>;

export const statusChangeBody = z.object({
  status: adminPaymentStatus,
  reason: z.string().trim().max(1000).optional(),
  rejectionReason: z.string().trim().max(1000).optional(),
  notes: z.string().trim().max(1000).optional(),
});

export const bulkStatusBody = z.object({
  paymentIds: z.array(z.string().max(100), { error: 'Please select payments to update' }).min(1, 'Please select payments to update').max(500, 'At most 500 payments at once.'),
  status: adminPaymentStatus,
  notes: z.string().trim().max(1000).optional(),
  reason: z.string().trim().max(1000).optional(),
});

/** What a member's Payments tab shows: pending until reviewed, then approved or rejected. */
export type ReviewStatus = 'pending' | 'approved' | 'rejected';

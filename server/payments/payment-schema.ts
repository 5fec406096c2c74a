/** The response shape of a payment (plan request or instalment), matching toPayment in payment-view.ts. */
import { z } from 'zod';
import { instalmentState } from '../../contract/figures.ts';

export const paymentSchema = z.object({
  id: z.string(),
  type: z.string(),
  planId: z.string(),
  userId: z.string(),
  groupId: z.string().nullable(),
  status: z.string(),
  reviewStatus: z.enum(['pending', 'approved', 'rejected']),
  underReview: z.boolean(),
  /** The instalment's state on the day it was read (RULES §6a); null where it was not asked for. */
  // A string rather than the enum: OpenAPI 3.0 cannot say "one of these or null" in a way validators read.
  state: z.string().nullable().describe(`One of ${instalmentState.options.join(', ')}, or null for a plan request that is neither waiting nor paid`),
  amount: z.number(),
  month: z.number().nullable(),
  year: z.number().nullable(),
  dueDate: z.string().nullable(),
  paymentMethod: z.string(),
  notes: z.string().nullable(),
  adminNotes: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  paymentDate: z.string().nullable(),
  approvedAt: z.string().nullable(),
  receiptImage: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  receiptName: z.string().nullable(),
  receiptType: z.string().nullable(),
  hasReceipt: z.boolean(),
  bankAccountId: z.string().nullable(),
  bankAccount: z.record(z.string(), z.unknown()).nullable(),
  plan: z.object({ id: z.string(), name: z.string(), monthlyAmount: z.number(), duration: z.number(), maxMembers: z.number(), description: z.string() }),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), cnic: z.string().nullable() }),
  group: z.object({ id: z.string(), groupNumber: z.string(), plan: z.object({ name: z.string() }) }).nullable(),
  committee: z.object({ name: z.string() }),
});

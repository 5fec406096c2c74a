/** Instalments: the member's monthly receipt and schedule, the admin's review, bulk moves and reports (RULES §6, §6a), with the spec's messages, and the shapes the server answers them with. */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { countAndAmount, instalmentFigures, instalmentState, instalmentSummary, paymentsSummaryAnswer, STATE_FILTERS } from './figures.ts';
import { firstValue, pagination } from './paging.ts';
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
  alreadyPaid: 'This payment is already approved; only an undo with a reason reverses it.',
  nothingToRefuse: 'There is no submitted receipt to reject.',
  nothingToApprove: 'There is no submitted receipt to approve for this month yet.',
  needsNewReceipt: 'This payment was rejected; it can be approved once the member sends a new receipt.',
  planRequestElsewhere: 'Plan requests are approved or rejected from Plan Requests.',
  notFound: 'Payment not found.',
  created: 'Payment created successfully',
  markedPaid: 'Payment paid successfully',
  markedRejected: 'Payment rejected successfully',
  markedOverdue: 'Payment overdue successfully',
  bulkUpdated: (count: number) => `Updated ${count} payments successfully`,
  bulkAllRefused: (refused: number) => `No payment was updated: ${refused} refused.`,
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

/**
 * The account a payment was sent to, as it was when the payment was made (a later change of the account
 * does not rewrite it). Older payments may lack a field.
 */
export const bankAccountSnapshot = z.object({
  accountName: z.string().optional(),
  accountNumber: z.string().optional(),
  bankName: z.string().optional(),
  accountType: z.string().nullable().optional(),
  iban: z.string().nullable().optional(),
  branchName: z.string().nullable().optional(),
}).meta({ id: 'BankAccountSnapshot' });
export type BankAccountSnapshot = z.output<typeof bankAccountSnapshot>;

/** A payment (plan request or instalment) as the API shows it (admin document §3 "Payment" and "Plan payment"), from toPayment in server/instalments/payment-view.ts. */
export const paymentSchema = z.object({
  id: z.string(),
  type: z.string(),
  planId: z.string(),
  userId: z.string(),
  groupId: z.string().nullable(),
  status: z.string(),
  reviewStatus: z.enum(['pending', 'approved', 'rejected']),
  underReview: z.boolean(),
  /** The code the member writes in the transfer's remarks (contract/payment-reference.ts): given once, never changed. */
  paymentReference: z.string().describe('The payment reference: seven characters with a check character, written in the transfer\'s remarks'),
  /** The day the member says they made the transfer behind the latest receipt ('2026-03-04'); null when not given. */
  transferDate: z.string().nullable(),
  /** The bank's transaction number of that transfer, as the member typed it; null when not given. */
  transactionNumber: z.string().nullable(),
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
  bankAccount: bankAccountSnapshot.nullable(),
  plan: z.object({ id: z.string(), name: z.string(), monthlyAmount: z.number(), duration: z.number(), maxMembers: z.number(), description: z.string() }),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), cnic: z.string().nullable() }),
  group: z.object({ id: z.string(), groupNumber: z.string(), plan: z.object({ name: z.string() }) }).nullable(),
  committee: z.object({ name: z.string() }),
}).meta({ id: 'Payment' });
export type PaymentView = z.output<typeof paymentSchema>;

/**
 * A payment as the admin's pending queue lists it: what the queue shows and what the specification names
 * for a payment (admin document, "Payment"). The bank account snapshot, the file's name and type, the
 * plan's description and the member's CNIC are on the payment's own page (GET /api/payments/{id}).
 */
export const queuedPaymentSchema = paymentSchema
  .pick({
    id: true, type: true, planId: true, userId: true, groupId: true, status: true, underReview: true, state: true, amount: true, month: true,
    year: true, dueDate: true, paymentMethod: true, notes: true, rejectionReason: true, createdAt: true, submittedAt: true, paymentDate: true,
    receiptImage: true, receiptUrl: true, hasReceipt: true, group: true, paymentReference: true, transferDate: true, transactionNumber: true,
  })
  .extend({
    plan: paymentSchema.shape.plan.pick({ id: true, name: true }),
    user: paymentSchema.shape.user.pick({ name: true, email: true, phone: true }),
    /** The account the member says they paid into, as it was then: shown when the receipt is reviewed. */
    bankAccount: paymentSchema.shape.bankAccount.optional(),
  });

/** One month of a member's schedule in one of their groups (member document §3 "Group payment"). */
export const memberGroupPayment = z.object({
  id: z.string(),
  groupId: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  amount: z.number(),
  /** The stored status: PENDING, PAID, REJECTED or OVERDUE. */
  status: z.string(),
  /** A receipt was sent and waits for an admin's decision (RULES §6). */
  underReview: z.boolean(),
  /** What the month is today (RULES §6a): the month card is drawn by it. */
  state: instalmentState,
  rejectionReason: z.string().nullable(),
  /** The first day of the month, as a date ('2026-03-01'). */
  dueDate: z.string().nullable(),
  paymentDate: z.string().nullable(),
  /** A short-lived signed link to the receipt, the URL the member gave, or null without a receipt. */
  receiptUrl: z.string().nullable(),
  /** The code the member writes in the transfer's remarks (contract/payment-reference.ts). */
  paymentReference: z.string(),
});
export type MemberGroupPayment = z.output<typeof memberGroupPayment>;

/** A monthly draw's result in the member's own group: the winner's name only, never their email. */
export const memberGroupWinner = z.object({
  month: z.number().int(),
  year: z.number().int(),
  winnerId: z.string(),
  winner: z.object({ name: z.string() }),
  amount: z.number(),
  selectedAt: z.string(),
  /** SELECTED or PAID; a cancelled selection is not shown. */
  status: z.string(),
});
export type MemberGroupWinner = z.output<typeof memberGroupWinner>;

/** A group as its member sees it (member document §3 "Group"): plan, place, payment schedule and winners. */
export const memberGroup = z.object({
  id: z.string(),
  groupNumber: z.string(),
  groupName: z.string(),
  currentMembers: z.number().int(),
  maxMembers: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  /** The member's number in the group. */
  position: z.number().int(),
  /** ACTIVE or DROPPED. */
  memberStatus: z.string(),
  joinedAt: z.string(),
  /** When the member left the group (moved or removed by an administrator); null while they are in it. */
  leftAt: z.string().nullable().optional(),
  /** The group number of the plan the member was moved to from this one; null unless moved. */
  movedToGroupNumber: z.string().nullable().optional(),
  plan: z.object({ id: z.string(), name: z.string(), monthlyAmount: z.number(), duration: z.number().int(), totalAmount: z.number() }),
  /** Every month of the member's schedule, by due date. */
  payments: z.array(memberGroupPayment),
  /** The group's winners so far, by month. */
  winners: z.array(memberGroupWinner),
});
export type MemberGroup = z.output<typeof memberGroup>;

/** What became of a receipt: waiting for review, accepted, refused, or replaced by a newer one before any decision. */
export const receiptOutcome = z.enum(['UNDER_REVIEW', 'ACCEPTED', 'REFUSED', 'REPLACED']);
export type ReceiptOutcome = z.output<typeof receiptOutcome>;

/** One receipt ever sent for a payment, and what became of it (RULES §6: no receipt is lost). */
export const paymentReceipt = z.object({
  id: z.string(),
  submittedAt: z.string(),
  outcome: receiptOutcome,
  /** The reason given with a refusal. */
  reason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  /** A short-lived signed link to the file, or the URL the member gave. */
  receiptUrl: z.string().nullable(),
});
export type PaymentReceipt = z.output<typeof paymentReceipt>;

/** One plan's line of the summary report: the plans' lines add up to the report's summary. */
export const planReportRow = z.object({
  planId: z.string(),
  planName: z.string(),
  paid: countAndAmount,
  pending: countAndAmount,
  overdue: countAndAmount,
  figures: instalmentFigures,
});
export type PlanReportRow = z.output<typeof planReportRow>;

/** The summary report: the payments summary of the instalments in scope, and one line per plan. */
export const summaryReport = z.object({ summary: instalmentSummary, byPlan: z.array(planReportRow) });
export type SummaryReport = z.output<typeof summaryReport>;

/** The line of the paid report: the approved instalments in scope. */
export const paidReportSummary = z.object({ paid: countAndAmount });
export type PaidReportSummary = z.output<typeof paidReportSummary>;

/** The split of the pending report's line (RULES §6a): pending is under review plus owed; overdue is part of owed. */
export const pendingReportSummary = z.object({ pending: countAndAmount, underReview: countAndAmount, owed: countAndAmount, overdue: countAndAmount });
export type PendingReportSummary = z.output<typeof pendingReportSummary>;

/**
 * The paid and pending reports: a page of instalments (paid: the latest approved first; pending: under
 * review or owed, the oldest due first). `total`, `totalAmount` and `summary` are over the whole report:
 * the paid report's summary is its paid line, the pending report's the split of its pending line.
 */
export const paymentsReport = z.object({
  payments: z.array(paymentSchema),
  total: z.number().int(),
  totalAmount: z.number(),
  summary: z.union([paidReportSummary, pendingReportSummary]),
});
export type PaymentsReport = z.output<typeof paymentsReport>;
/** The paid report, read as the paid report: its summary is its paid line. */
export const paidReport = paymentsReport.extend({ summary: paidReportSummary });
/** The pending report, read as the pending report: its summary is the split of its pending line. */
export const pendingReport = paymentsReport.extend({ summary: pendingReportSummary });

/** A member with at least one overdue instalment, and how much of it. */
export const defaulter = z.object({
  userId: z.string(),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  overdueCount: z.number().int(),
  overdueAmount: z.number(),
  /** A date (YYYY-MM-DD): the due date of the member's oldest overdue month. */
  oldestDueDate: z.string(),
});
export type Defaulter = z.output<typeof defaulter>;

/**
 * The defaulters report: a page of defaulters, the longest overdue first, and a page of their overdue
 * instalments, the oldest due first; the totals are over the whole report.
 */
export const defaultersReport = z.object({
  defaulters: z.array(defaulter),
  /**
   * The overdue instalments, as payments: the specification's client reads every report's rows as
   * `data.payments` with a payment's fields (id, month, year, amount, status, user, group…).
   */
  payments: z.array(paymentSchema),
  /** How many members are defaulters. */
  total: z.number().int(),
  totalAmount: z.number(),
  /** How many overdue instalments they have between them. */
  overdueCount: z.number().int(),
});
export type DefaultersReport = z.output<typeof defaultersReport>;

/** GET /api/payments/reports: the `data` of the report asked for (summary, paid, pending or defaulters). */
export const paymentReportData = z.union([summaryReport, defaultersReport, paymentsReport]);
export type PaymentReportData = z.output<typeof paymentReportData>;

/*
 * The answers of the payment routes (member document §7 "Payments"; admin document §7 "Payment
 * Management"). Times are ISO 8601 strings; amounts are rupees.
 */

/** One payment, at the top and again in data: GET /api/payments/{id}, a receipt sent, a status changed (with its message). */
export const paymentAnswer = z
  .object({ success: z.literal(true), code: answerCode, message: z.string().optional(), payment: paymentSchema, data: z.object({ payment: paymentSchema }) })
  .meta({ id: 'PaymentAnswer' });

/**
 * A payment in a member's own list (GET /api/payments), as the member document names it (§3 "Member
 * payment"): `status` in its lowercase words (pending, approved, rejected), `paymentMethod` in lowercase,
 * and `receiptData`, which here is a link to the receipt file (the file itself would make the list many
 * times larger; the link opens it). The stored codes stay beside them, under `statusCode` and
 * `paymentMethodCode`, with every other field of a payment.
 */
export const memberPaymentSchema = paymentSchema.extend({
  status: paymentSchema.shape.reviewStatus,
  statusCode: z.string().describe('The payment status as stored: PENDING, PAID, REJECTED or OVERDUE'),
  paymentMethod: z.enum(['cash', 'bank_transfer', 'mobile_banking']),
  paymentMethodCode: z.string().describe('The payment method as stored: CASH, BANK_TRANSFER or MOBILE_BANKING'),
  receiptData: z.string().nullable().describe('A link to the receipt file, or null when there is none'),
});
export type MemberPaymentView = z.output<typeof memberPaymentSchema>;

/**
 * GET /api/payments for an administrator: data.payments (admin document), with the stored codes, and the
 * same list at the top, where the member document's client reads `payments` (RULES §12).
 */
export const paymentListAnswer = z.object({ success: z.literal(true), payments: z.array(paymentSchema), data: z.object({ payments: z.array(paymentSchema), pagination }) });
/** GET /api/payments for a member: payments (member document), and the page under data; one copy of the list. */
export const memberPaymentListAnswer = z.object({
  success: z.literal(true),
  payments: z.array(memberPaymentSchema),
  data: z.object({ pagination }),
});

/** GET /api/payments/pending-queue: admin only, and read as data.payments (admin document): one copy, of what the queue shows. */
export const pendingQueueAnswer = z.object({ success: z.literal(true), data: z.object({ payments: z.array(queuedPaymentSchema), pagination }) });

/**
 * GET /api/payments/summary, for its route: the answer of contract/figures.ts (written in zod's small
 * build, for the member's first screen) made a schema of the full build, as the routes take them.
 */
export const summaryRouteAnswer = z.object(paymentsSummaryAnswer.shape);

/** GET /api/payments/reports: the report asked for (reportType in lowercase) as data. */
export const paymentReportAnswer = z.object({ success: z.literal(true), reportType: z.string(), data: paymentReportData });

/** PUT /api/payments/bulk-status: how many moved, and the moves refused with their reasons. */
export const bulkStatusAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({ count: z.number(), refusedCount: z.number(), refused: z.array(z.object({ id: z.string(), reason: z.string() })) }),
});

/** GET /api/payments/history/{id}: the payment and every receipt ever sent for it. */
export const paymentHistoryAnswer = z.object({
  success: z.literal(true),
  payment: paymentSchema,
  receipts: z.array(paymentReceipt),
  data: z.object({ payment: paymentSchema, receipts: z.array(paymentReceipt) }),
});

/** GET /api/committee-plans/user/groups: the caller's groups with plan, position, payment schedule and winners. */
export const memberGroupsAnswer = z.object({ success: z.literal(true), data: z.object({ groups: z.array(memberGroup) }) });


const dueMonthMessage = 'A due month is written YYYY-MM, e.g. 2026-03.';
const dueMonth = firstValue(z.string().regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, dueMonthMessage).optional());

/**
 * The admin payment lists' filters by state and due month (RULES §6a words; `owed` includes overdue):
 * `state` one of STATE_FILTERS, `dueFrom`/`dueTo` months YYYY-MM, both ends included. A state means
 * instalments. Shared by the list (GET /api/payments) and its CSV export.
 */
export const stateAndDueFilters = {
  state: firstValue(z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(STATE_FILTERS, { error: `State must be one of: ${STATE_FILTERS.join(', ')}.` })).optional()),
  dueFrom: dueMonth,
  dueTo: dueMonth,
};
export const dueRangeInOrder = (q: { dueFrom?: string; dueTo?: string }) => !q.dueFrom || !q.dueTo || q.dueFrom <= q.dueTo;
export const dueRangeMessage = { path: ['dueTo'], message: 'The last due month must not be before the first.' };

/**
 * A payment as the API shows it: a plan request (subscription) or an instalment (member document §3,
 * admin document §3 "Payment" and "Plan payment"). One select and one mapping for both.
 */
import { rupeesFromDb } from '../../contract/money.ts';
import type { BankAccountSnapshot, ReviewStatus } from '../../contract/instalments.ts';
import type { InstalmentState } from '../../contract/figures.ts';
import type { ReceiptLinkSigner } from '../receipts/receipt-links.ts';
import { instalmentStateSql, type BusinessDay } from '../figures/figures.ts';

export type PaymentRow = {
  id: string;
  type: string;
  user_id: string;
  plan_id: string;
  status: string;
  amount: string;
  payment_method: string;
  notes: string | null;
  admin_notes: string | null;
  rejection_reason: string | null;
  created_at: Date;
  approved_at: Date | null;
  bank_account_id: string | null;
  bank_account_snapshot: BankAccountSnapshot | null;
  receipt_id: string | null;
  receipt_url: string | null;
  receipt_key: string | null;
  receipt_name: string | null;
  receipt_type: string | null;
  plan_name: string;
  plan_monthly_amount: string;
  plan_duration: number;
  plan_max_members: number;
  plan_description: string;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  user_cnic: string | null;
  group_id: string | null;
  group_number: string | null;
  month: number | null;
  year: number | null;
  due_date: string | null;
  payment_date: Date | null;
  submitted_at: Date | null;
  under_review: boolean;
  payment_reference: string;
  transfer_date: string | null;
  transaction_number: string | null;
  state: InstalmentState | null;
};

/** The select of a payment; with a business day, each row also says its state on that day (RULES §6a). */
export const paymentSelect = (day?: BusinessDay) => `SELECT ${day ? instalmentStateSql(day) : 'NULL::text'} AS state, p.id, p.type, p.user_id, p.plan_id, p.status, p.amount::text, p.payment_method, p.notes, p.admin_notes,
    p.rejection_reason, p.created_at, p.approved_at, p.bank_account_id, p.bank_account_snapshot, p.receipt_id,
    r.url AS receipt_url, r.storage_key AS receipt_key, r.original_name AS receipt_name, r.content_type AS receipt_type,
    pl.name AS plan_name, pl.monthly_amount::text AS plan_monthly_amount, pl.duration AS plan_duration,
    pl.max_members AS plan_max_members, pl.description AS plan_description,
    u.name AS user_name, u.email AS user_email, u.phone AS user_phone, u.cnic AS user_cnic,
    g.id AS group_id, g.group_number, p.month, p.year, p.due_date::text AS due_date, p.payment_date, p.submitted_at, p.under_review,
    p.payment_reference, p.transfer_date::text AS transfer_date, p.transaction_number
  FROM payments p
  JOIN committee_plans pl ON pl.id = p.plan_id
  JOIN users u ON u.id = p.user_id
  LEFT JOIN receipts r ON r.id = p.receipt_id
  LEFT JOIN committee_groups g ON g.id = p.group_id`;
export const PAYMENT_SELECT = paymentSelect();

/** A receipt as a client can open it: a short-lived signed link to the file, or the URL given. */
export function receiptLinkOf(row: { receipt_id: string | null; receipt_url: string | null; receipt_key: string | null }, signer: ReceiptLinkSigner): string | null {
  if (!row.receipt_id) return null;
  if (row.receipt_url) return row.receipt_url;
  return row.receipt_key ? signer.linkFor(row.receipt_id) : null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** The member's Payments tab speaks of review, in lowercase (member document §4). */
export function reviewStatusOf(row: Pick<PaymentRow, 'status' | 'under_review'>): ReviewStatus {
  if (row.status === 'PAID') return 'approved';
  if (row.under_review) return 'pending';
  return row.status === 'REJECTED' ? 'rejected' : 'pending';
}

export function toPayment(row: PaymentRow, signer: ReceiptLinkSigner) {
  const receiptImage = receiptLinkOf(row, signer);
  return {
    id: row.id,
    type: row.type,
    planId: row.plan_id,
    userId: row.user_id,
    status: row.status,
    amount: rupeesFromDb(row.amount),
    paymentMethod: row.payment_method,
    notes: row.notes,
    adminNotes: row.admin_notes,
    rejectionReason: row.rejection_reason,
    createdAt: new Date(row.created_at).toISOString(),
    approvedAt: iso(row.approved_at),
    month: row.month,
    year: row.year,
    dueDate: row.due_date,
    paymentDate: iso(row.payment_date),
    submittedAt: iso(row.submitted_at),
    underReview: row.under_review,
    paymentReference: row.payment_reference,
    transferDate: row.transfer_date,
    transactionNumber: row.transaction_number,
    state: row.state,
    reviewStatus: reviewStatusOf(row),
    groupId: row.group_id,
    receiptImage,
    receiptUrl: receiptImage,
    receiptName: row.receipt_name,
    receiptType: row.receipt_type,
    hasReceipt: row.receipt_id !== null,
    bankAccountId: row.bank_account_id,
    bankAccount: row.bank_account_snapshot,
    plan: {
      id: row.plan_id,
      name: row.plan_name,
      monthlyAmount: rupeesFromDb(row.plan_monthly_amount),
      duration: row.plan_duration,
      maxMembers: row.plan_max_members,
      description: row.plan_description,
    },
    user: { name: row.user_name, email: row.user_email, phone: row.user_phone, cnic: row.user_cnic },
    group: row.group_id ? { id: row.group_id, groupNumber: row.group_number!, plan: { name: row.plan_name } } : null,
    committee: { name: row.plan_name },
  };
}
export type Payment = ReturnType<typeof toPayment>;

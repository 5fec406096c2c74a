/**
 * How a plan request is shown (admin document §4 "Plan request display"): pure functions, so that
 * the list, the detail page and the tests agree.
 */
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import type { PlanPayment } from './api.ts';

export type PlanRequestDisplayStatus = 'pending' | 'approved' | 'rejected' | 'unknown';

/**
 * PENDING → pending; PAID → approved; REJECTED, and OVERDUE (how the old client recorded a
 * rejection, kept for old data: RULES §5) → rejected; anything else → unknown. Any case.
 */
export function planRequestStatus(status: string | null | undefined): PlanRequestDisplayStatus {
  switch ((status ?? '').trim().toUpperCase()) {
    case 'PENDING':
      return 'pending';
    case 'PAID':
      return 'approved';
    case 'REJECTED':
    case 'OVERDUE':
      return 'rejected';
    default:
      return 'unknown';
  }
}

export const statusTone: Record<PlanRequestDisplayStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  unknown: 'neutral',
};

export const isPending = (payment: Pick<PlanPayment, 'status'>) => planRequestStatus(payment.status) === 'pending';

/** Whether the request can be approved: the interface needs an uploaded receipt (admin document §4). */
export const canApprove = (payment: Pick<PlanPayment, 'status' | 'hasReceipt' | 'receiptImage'>) =>
  isPending(payment) && hasReceipt(payment);

export const hasReceipt = (payment: Pick<PlanPayment, 'hasReceipt' | 'receiptImage'>) => Boolean(payment.hasReceipt && payment.receiptImage);

/** The contact shown for a requester: the phone number, else the email address. */
export function contactOf(user: { phone?: string | null; email?: string | null }): string {
  const phone = user.phone?.trim();
  if (phone) return phone;
  return user.email?.trim() ?? '';
}

/** A CNIC of 13 digits as people write it: 12345-1234567-1. Anything else is shown as stored. */
export function formatCnic(cnic: string): string {
  const digits = cnic.replace(/\D/g, '');
  return digits.length === 13 ? `${digits.slice(0, 5)}-${digits.slice(5, 12)}-${digits.slice(12)}` : cnic;
}

export type ReceiptKind = 'image' | 'pdf';

/** A PDF by its detected type, else by the name or link ending in .pdf; everything else is tried as an image. */
export function receiptKind(payment: Pick<PlanPayment, 'receiptType' | 'receiptName' | 'receiptImage'>): ReceiptKind {
  const type = payment.receiptType?.toLowerCase() ?? '';
  if (type.includes('pdf')) return 'pdf';
  if (type.startsWith('image/')) return 'image';
  const endsWithPdf = (text?: string | null) => Boolean(text && /\.pdf$/i.test(text.split(/[?#]/)[0]));
  return endsWithPdf(payment.receiptName) || endsWithPdf(payment.receiptImage) ? 'pdf' : 'image';
}

/** The known payment methods have a label (payment methods: admin document §9); others show as sent. */
export const PAYMENT_METHOD_KEYS = { CASH: 'cash', BANK_TRANSFER: 'bankTransfer', MOBILE_BANKING: 'mobileBanking' } as const;
export function paymentMethodKey(method: string): (typeof PAYMENT_METHOD_KEYS)[keyof typeof PAYMENT_METHOD_KEYS] | undefined {
  return PAYMENT_METHOD_KEYS[method?.toUpperCase() as keyof typeof PAYMENT_METHOD_KEYS];
}

/** Date and time in the business time zone (RULES §2), written one way across the app. */
export { formatDateTime } from '../../../lib/format.ts';

/**
 * The month a member chose to pay, kept in browser storage between the dashboard's 'Pay Now' and
 * /user/payment/{paymentId} (member document §3 "Locally kept selected payment").
 */
import { readStorage, writeStorage } from '../../../lib/storage-keys.ts';
import type { GroupPayment, GroupPlan, MemberGroup } from './api.ts';

/** The storage key (its name is not given by the specification). */
export const SELECTED_PAYMENT_KEY = 'selected-payment';

export interface SelectedPayment {
  paymentId: string;
  groupId: string;
  groupNumber: string;
  month: number;
  year: number;
  amount: number;
  status: string;
  dueDate: string | null;
  paymentDate: string | null;
  /** Not named by the specification: lets the page show 'Under review' before it has re-read the group. */
  underReview: boolean;
  receiptUrl: string | null;
  rejectionReason: string | null;
  /** The group's plan; its id is not known when the month was chosen before the groups were read. */
  group: { id: string; groupNumber: string; plan: Omit<GroupPlan, 'id'> & { id?: string } };
}

export function selectedPaymentOf(group: MemberGroup, payment: GroupPayment): SelectedPayment {
  return {
    paymentId: payment.id,
    groupId: group.id,
    groupNumber: group.groupNumber,
    month: payment.month,
    year: payment.year,
    amount: payment.amount,
    status: payment.status,
    dueDate: payment.dueDate ?? null,
    paymentDate: payment.paymentDate ?? null,
    underReview: Boolean(payment.underReview),
    receiptUrl: payment.receiptUrl ?? null,
    rejectionReason: payment.rejectionReason ?? null,
    group: { id: group.id, groupNumber: group.groupNumber, plan: group.plan },
  };
}

export function writeSelectedPayment(selected: SelectedPayment): void {
  writeStorage(SELECTED_PAYMENT_KEY, JSON.stringify(selected));
}

/**
 * What the payment page finds in storage for its id:
 * - `missing`: nothing stored (or unreadable), or a payment of another id: back to the dashboard;
 * - `empty`: a payload for this page without usable payment data: 'Payment Not Found';
 * - `found`: the payment.
 */
export type StoredPayment = { kind: 'missing' } | { kind: 'empty' } | { kind: 'found'; payment: SelectedPayment };

export function readSelectedPayment(paymentId: string): StoredPayment {
  return parseSelectedPayment(readStorage(SELECTED_PAYMENT_KEY), paymentId);
}

export function parseSelectedPayment(raw: string | null, paymentId: string): StoredPayment {
  if (!raw) return { kind: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'missing' };
  }
  if (!isRecord(value)) return { kind: 'missing' };
  const storedId = text(value.paymentId);
  if (storedId && storedId !== paymentId) return { kind: 'missing' };
  const payment = toSelectedPayment(value);
  return payment && payment.paymentId === paymentId ? { kind: 'found', payment } : { kind: 'empty' };
}

function toSelectedPayment(value: Record<string, unknown>): SelectedPayment | undefined {
  const group = isRecord(value.group) ? value.group : {};
  const plan = isRecord(group.plan) ? group.plan : undefined;
  const paymentId = text(value.paymentId);
  const groupId = text(value.groupId) ?? text(group.id);
  const groupNumber = text(value.groupNumber) ?? text(group.groupNumber);
  const month = integer(value.month);
  const year = integer(value.year);
  const amount = typeof value.amount === 'number' && Number.isFinite(value.amount) ? value.amount : Number(value.amount);
  if (!paymentId || !groupId || !groupNumber || !month || month < 1 || month > 12 || !year || !Number.isFinite(amount)) return undefined;
  return {
    paymentId,
    groupId,
    groupNumber,
    month,
    year,
    amount,
    status: text(value.status) ?? '',
    dueDate: text(value.dueDate) ?? null,
    paymentDate: text(value.paymentDate) ?? null,
    underReview: value.underReview === true,
    receiptUrl: text(value.receiptUrl) ?? null,
    rejectionReason: text(value.rejectionReason) ?? null,
    group: {
      id: groupId,
      groupNumber,
      plan: {
        id: text(plan?.id),
        name: text(plan?.name) ?? '',
        monthlyAmount: numberOr(plan?.monthlyAmount, amount),
        duration: numberOr(plan?.duration, 0),
        totalAmount: numberOr(plan?.totalAmount, 0),
      },
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function integer(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function numberOr(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

/**
 * The referral rules the Referrals tab shows, as pure functions so that the screens and the tests
 * agree (member document §2 "Referrals tab", §4, §9; RULES §8).
 */
import type { BadgeTone } from '../../../components/ui/badge.tsx';
import type { CommissionCappedBy, CommissionPayment, CommissionRules } from './api.ts';

/** Copy confirmations ('Copied!') go back to the button's own label after this (member document §9). */
export const COPY_CONFIRMATION_MS = 2_000;

/** Referral levels run 1 to 3 (member document §9). */
export const REFERRAL_LEVELS = [1, 2, 3] as const;
export type ReferralLevel = (typeof REFERRAL_LEVELS)[number];

/** The longest note a member may add when confirming a commission payment (the server's limit). */
export const CONFIRM_NOTES_MAX = 1000;

/**
 * The sign-up link that carries the member's code: {origin}/register?ref=CODE. The register page
 * fills the referral code in from `ref`.
 */
export function buildReferralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/register?ref=${encodeURIComponent(code.trim())}`;
}

/** WhatsApp's link that opens a new message with this text, the link on a line of its own. */
export function whatsAppShareUrl(message: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${message}\n${link}`)}`;
}

/** A rate as a percentage with one decimal: 0.1 is '10.0%', 0.025 is '2.5%'. */
export function formatRate(rate: number): string {
  const percent = Math.round(rate * 1000) / 10;
  return `${percent.toFixed(1)}%`;
}

/** One line of the commission structure: a level and its rate in force; a level at 0 earns nothing. */
export interface LevelRate {
  level: ReferralLevel;
  rate: number;
  paid: boolean;
}

export function levelRates(rules: Pick<CommissionRules, 'level1Rate' | 'level2Rate' | 'level3Rate'>): LevelRate[] {
  const rates: Record<ReferralLevel, number> = { 1: rules.level1Rate, 2: rules.level2Rate, 3: rules.level3Rate };
  return REFERRAL_LEVELS.map((level) => {
    const rate = Number.isFinite(rates[level]) ? rates[level] : 0;
    return { level, rate, paid: rate > 0 };
  });
}

/** 1, 2 or 3; anything else (never sent by the server) is shown without a level. */
export function referralLevel(level: number | null | undefined): ReferralLevel | null {
  return REFERRAL_LEVELS.find((known) => known === level) ?? null;
}

export type ReferralStatus = 'active' | 'pending' | 'completed' | 'registered' | 'inactive' | 'unknown';

/**
 * ACTIVE, PENDING, COMPLETED (member document §4), and the old history words (registered,
 * inactive), in any case; anything else shows as 'Unknown'.
 */
export function referralStatus(status: string | null | undefined): ReferralStatus {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'active':
      return 'active';
    case 'pending':
      return 'pending';
    case 'completed':
      return 'completed';
    case 'registered':
      return 'registered';
    case 'inactive':
      return 'inactive';
    default:
      return 'unknown';
  }
}

export const referralStatusTone: Record<ReferralStatus, BadgeTone> = {
  active: 'success',
  pending: 'warning',
  completed: 'info',
  registered: 'info',
  inactive: 'neutral',
  unknown: 'neutral',
};

/**
 * The Commission tab's two lists (member document §4 "Commission payment"): those still to confirm,
 * and those the member has confirmed, each newest first (by payment, then by confirmation).
 */
export function splitCommissionPayments(payments: readonly CommissionPayment[]): { pending: CommissionPayment[]; confirmed: CommissionPayment[] } {
  const time = (value: string | null | undefined) => (value ? new Date(value).getTime() || 0 : 0);
  const pending = payments.filter((payment) => !payment.userConfirmed).sort((a, b) => time(b.paidAt) - time(a.paidAt));
  const confirmed = payments.filter((payment) => payment.userConfirmed).sort((a, b) => time(b.confirmedAt ?? b.paidAt) - time(a.confirmedAt ?? a.paidAt));
  return { pending, confirmed };
}

/** Applies a confirmation the server answered to a cached list, so the payment moves at once. */
export function withConfirmed(payments: readonly CommissionPayment[] | undefined, confirmed: CommissionPayment): CommissionPayment[] | undefined {
  return payments?.map((payment) => (payment.id === confirmed.id ? { ...payment, ...confirmed, userConfirmed: true } : payment));
}

/** A commission the rules' bounds changed: the bound it was set to, and what the rate came to (when known). */
export interface CommissionCap {
  by: CommissionCappedBy;
  bound: number;
  uncapped: number | null;
}

/**
 * Whether the maximum or the minimum per commission changed this one (RULES §8): the amount paid is
 * then that bound. Null when neither did, or when the answer does not say (older servers).
 */
export function commissionCapOf(payment: Pick<CommissionPayment, 'amount' | 'uncappedAmount' | 'cappedBy'>): CommissionCap | null {
  if (payment.cappedBy !== 'MAXIMUM' && payment.cappedBy !== 'MINIMUM') return null;
  const uncapped = typeof payment.uncappedAmount === 'number' && Number.isFinite(payment.uncappedAmount) && payment.uncappedAmount !== payment.amount ? payment.uncappedAmount : null;
  return { by: payment.cappedBy, bound: payment.amount, uncapped };
}

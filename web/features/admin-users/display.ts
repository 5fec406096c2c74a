/**
 * How users are shown (admin document §4 "User display status"; RULES §2 time zone): pure
 * functions, so that the list, the dialogs and the tests agree.
 */
import type { BadgeTone } from '../../components/ui/badge.tsx';

export type DisplayStatus = 'blocked' | 'active' | 'inactive';

/** Blocked if blocked, else Active if active, else Inactive: blocking and activation are independent. */
export function displayStatus(user: { isActive: boolean; isBlocked: boolean }): DisplayStatus {
  if (user.isBlocked) return 'blocked';
  return user.isActive ? 'active' : 'inactive';
}

export const statusTone: Record<DisplayStatus, BadgeTone> = { active: 'success', inactive: 'warning', blocked: 'danger' };

/** The business time zone (RULES §2): every date and time is shown as it is in Pakistan. */
export const BUSINESS_TIME_ZONE = 'Asia/Karachi';

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Mar 2026' in Pakistan; '' for no date. */
export function formatDate(iso: string | null | undefined, language = 'en'): string {
  const date = validDate(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: BUSINESS_TIME_ZONE }).format(date) : '';
}

/** '12 Mar 2026, 3:45 pm' in Pakistan; '' for no date. */
export function formatDateTime(iso: string | null | undefined, language = 'en'): string {
  const date = validDate(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(date) : '';
}

/** '3:45:12 pm' in Pakistan; '' for no date. */
export function formatTime(iso: string | null | undefined, language = 'en'): string {
  const date = validDate(iso);
  return date ? new Intl.DateTimeFormat(language, { timeStyle: 'medium', timeZone: BUSINESS_TIME_ZONE }).format(date) : '';
}

/** A stored CNIC (13 digits) as people write it: 12345-1234567-1. Anything else is shown as it is. */
export function formatCnic(cnic: string | null | undefined): string {
  if (!cnic) return '';
  return /^\d{13}$/.test(cnic) ? `${cnic.slice(0, 5)}-${cnic.slice(5, 12)}-${cnic.slice(12)}` : cnic;
}

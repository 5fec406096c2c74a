/**
 * The business calendar (RULES §2): every "today", "this month", due date and overdue, on the server
 * and in the browser alike, is read in Pakistan's time zone, whatever the reader's device or the
 * server's clock zone. The one place that names it.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Karachi';

export type CalendarDay = { year: number; month: number; day: number };

// Made once: a new formatter costs about 100 µs, and the business day is read on every request.
const karachiCalendar = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });

/** The day it is in Pakistan at a moment (now by default), month 1–12. */
export function karachiDayOf(now: Date = new Date()): CalendarDay {
  const parts = karachiCalendar.formatToParts(now);
  const read = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return { year: read('year'), month: read('month'), day: read('day') };
}

/** That day as 'YYYY-MM-DD'. */
export function karachiDateOf(now: Date = new Date()): string {
  const { year, month, day } = karachiDayOf(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

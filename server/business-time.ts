/**
 * The business calendar is Asia/Karachi (RULES §2): "this month", due dates and overdue all use it.
 * Dates without time are 'YYYY-MM-DD' strings; a month is { year, month } with month 1-12.
 */
import { BUSINESS_TIME_ZONE, karachiDayOf } from '../contract/business-time.ts';

export { BUSINESS_TIME_ZONE };

export type YearMonth = { year: number; month: number };

export const karachiToday = karachiDayOf;

export function firstOfMonth({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

export function addMonths({ year, month }: YearMonth, count: number): YearMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 'YYYY-MM-DD' plus whole months; the day is kept, clamped to the target month's length. */
export function addMonthsToDate(date: string, count: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = addMonths({ year: y, month: m }, count);
  const lastDay = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
  return `${target.year}-${String(target.month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

export function yearMonthOf(date: string): YearMonth {
  const [y, m] = date.split('-').map(Number);
  return { year: y, month: m };
}

/** Reads a date column (a Date from pg, a Date or text from PGlite) as 'YYYY-MM-DD'. */
export function dateFromDb(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  // DATE columns arrive as local-midnight Date objects in pg; format in local time to keep the day.
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

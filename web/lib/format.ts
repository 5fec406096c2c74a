/**
 * How dates, times and CNICs are shown (RULES §2 time zone): pure functions, and the one way every
 * screen writes a date ('12 Mar 2026', day before month as in Pakistan) or a moment ('12 Mar 2026,
 * 3:45 pm'; in Urdu on the 24-hour clock, '12 مارچ، 2026، 15:45'). Screens call these rather than formatting dates themselves, so that a member and an admin
 * never meet two ways of writing one day.
 */

/** The business time zone (RULES §2): every date and time is shown as it is in Pakistan. */
import { BUSINESS_TIME_ZONE } from '../../contract/business-time.ts';

export { BUSINESS_TIME_ZONE };

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ('2026-03-01': a due, start or end date) is that day wherever the reader is; a moment
 * (an ISO timestamp) is the day and time it was in Karachi.
 */
function readDate(value: string | null | undefined): { date: Date; timeZone: string } | null {
  if (!value) return null;
  const day = CALENDAR_DAY.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { date, timeZone: day ? 'UTC' : BUSINESS_TIME_ZONE };
}

/** The language as spoken in Pakistan ('en' → 'en-PK'), which writes the day before the month. */
function pakistanLocale(language: string): string[] {
  return language.includes('-') ? [language, 'en-PK'] : [`${language}-PK`, language, 'en-PK'];
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

// Building a formatter costs far more than using one (the first also loads the calendar and the time
// zone's data), and a list writes a date per row: each language and set of options gets one.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(pakistanLocale(language), options);
    formats.set(key, made);
  }
  return made;
}

/**
 * English dates written by hand, as Intl writes them for 'en-PK' ('12 Mar 2026, 3:45 pm'): a phone's
 * first Intl date or number format loads the locale's data, about 50 ms of a mid-range phone's main
 * thread on the first paint of every page that shows a date (docs/performance-history.md). Karachi has kept
 * UTC+5 all year since 2009; an older moment, and every other language, goes through Intl.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// Pakistan's English (CLDR's en-PK) shortens September to 'Sept'.
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const KARACHI_OFFSET_MS = 5 * 3_600_000;
const KARACHI_FIXED_SINCE = Date.UTC(2010, 0, 1);

function writtenInEnglish(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string | null {
  if (timeZone !== 'UTC' && (timeZone !== BUSINESS_TIME_ZONE || date.getTime() < KARACHI_FIXED_SINCE)) return null;
  const local = new Date(date.getTime() + (timeZone === 'UTC' ? 0 : KARACHI_OFFSET_MS));
  const hours = local.getUTCHours();
  const time = [String(hours % 12 || 12), String(local.getUTCMinutes()).padStart(2, '0'), ...(options.second ? [String(local.getUTCSeconds()).padStart(2, '0')] : [])].join(':');
  const clock = `${time} ${hours < 12 ? 'am' : 'pm'}`;
  if (!options.day) {
    if (options.month === 'long') return `${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
    const year = options.year === '2-digit' ? String(local.getUTCFullYear() % 100).padStart(2, '0') : local.getUTCFullYear();
    if (options.month === 'short') return `${SHORT_MONTHS[local.getUTCMonth()]} ${year}`;
    return clock;
  }
  const day = `${local.getUTCDate()} ${SHORT_MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
  return options.hour ? `${day}, ${clock}` : day;
}

function format(value: string | null | undefined, language: string, options: Intl.DateTimeFormatOptions): string {
  const read = readDate(value);
  if (!read) return '';
  // Urdu has no day period of its own in the browsers' data: they write a Latin "PM" into the Urdu
  // sentence. Urdu times are written on the 24-hour clock (15:45), as the emails write them.
  const clock: Intl.DateTimeFormatOptions = options.hour && language !== 'en' ? { hourCycle: 'h23' } : {};
  return (language === 'en' && writtenInEnglish(read.date, read.timeZone, options)) || dateTimeFormat(language, { ...options, ...clock, timeZone: read.timeZone }).format(read.date);
}

/** '12 Mar 2026' ('' for no date): a moment as its day in Pakistan, a calendar day as itself. */
export function formatDate(value: string | null | undefined, language = 'en'): string {
  return format(value, language, DAY);
}

/** '12 Mar 2026, 3:45 pm' in Pakistan ('' for no date); with `seconds`, '3:45:12 pm' (the audit log's precision). */
export function formatDateTime(iso: string | null | undefined, language = 'en', { seconds = false }: { seconds?: boolean } = {}): string {
  return format(iso, language, { ...DAY, hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
}

/** '3:45:12 pm' in Pakistan; '' for no date. */
export function formatTime(iso: string | null | undefined, language = 'en'): string {
  return format(iso, language, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

/** A stored CNIC (13 digits) as people write it: 12345-1234567-1. Anything else is shown as it is. */
export function formatCnic(cnic: string | null | undefined): string {
  if (!cnic) return '';
  return /^\d{13}$/.test(cnic) ? `${cnic.slice(0, 5)}-${cnic.slice(5, 12)}-${cnic.slice(12)}` : cnic;
}

/**
 * A date as people read it ('1 Mar 2026'), written one way across the app . A plain date
 * ('2026-03-01': due, start and end dates) is that calendar day everywhere; a moment (ISO timestamp) is
 * shown as the day it was in Karachi. A value that is no date is shown as it came.
 */
export function formatDateIn(language: string, value: string | null | undefined): string {
  return formatDate(value, language) || (value ?? '');
}

/** The months of a year, 1–12: the choices of every month filter. */
export const MONTH_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

function isMonth(month: number | null | undefined): month is number {
  return typeof month === 'number' && Number.isInteger(month) && month >= 1 && month <= 12;
}

/**
 * 'March 2026' (long), 'Mar 2026' (short) or 'Mar 26' (a chart's axis): a month of a year, in the
 * reader's language; '' when either is missing.
 */
export function formatMonth(year: number | null | undefined, month: number | null | undefined, language = 'en', style: 'long' | 'short' | 'axis' = 'long'): string {
  if (!isMonth(month) || !year || !Number.isInteger(year)) return '';
  const first = new Date(Date.UTC(year, month - 1, 1));
  const options: Intl.DateTimeFormatOptions = style === 'axis' ? { month: 'short', year: '2-digit' } : { month: style, year: 'numeric' };
  return (language === 'en' && writtenInEnglish(first, 'UTC', options)) || dateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(first);
}

/** 'March' (or 'Mar'): the name of a month, in the reader's language; '' outside 1–12. */
export function formatMonthName(month: number | null | undefined, language = 'en', style: 'long' | 'short' = 'long'): string {
  if (!isMonth(month)) return '';
  return dateTimeFormat(language, { month: style, timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/**
 * Makes the date formats ready while the browser has nothing else to do (a stored session being
 * checked): the first use of an Intl format (Urdu's; English is written by hand) loads the locale's
 * data, which would otherwise lengthen the first render of the figures. One format per idle moment, so
 * that no step is long.
 */
export function prepareFormats(language: string): () => void {
  // Amounts and English dates need no Intl (contract/money.ts and writtenInEnglish above): nothing to make ready.
  if (language === 'en') return () => {};
  const steps = [() => formatDate('2026-01-01', language), () => formatDateTime('2026-01-01T00:00:00.000Z', language)];
  let cancelled = false;
  let cancelStep: () => void = () => {};
  const next = () => {
    const step = steps.shift();
    if (cancelled || !step) return;
    const run = () => {
      step();
      next();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run);
      cancelStep = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 0);
      cancelStep = () => window.clearTimeout(id);
    }
  };
  next();
  return () => {
    cancelled = true;
    cancelStep();
  };
}

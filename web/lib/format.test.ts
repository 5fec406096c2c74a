import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatMonthName, formatTime, prepareFormats } from './format.ts';

describe('the one way dates are written', () => {
  it("writes a moment as its day in Pakistan, day before month: '12 Mar 2026'", () => {
    expect(formatDate('2026-03-12T10:45:00.000Z')).toBe('12 Mar 2026');
    // 8 pm UTC on the 11th is already the 12th in Karachi.
    expect(formatDate('2026-03-11T20:00:00.000Z')).toBe('12 Mar 2026');
  });

  it('writes a calendar day (a due date) as that day wherever the reader is', () => {
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
  });

  it('writes a moment with its time, to the minute or the second', () => {
    expect(formatDateTime('2026-03-12T10:45:07.000Z')).toBe('12 Mar 2026, 3:45 pm');
    expect(formatDateTime('2026-03-12T10:45:07.000Z', 'en', { seconds: true })).toBe('12 Mar 2026, 3:45:07 pm');
    expect(formatTime('2026-03-12T10:45:07.000Z')).toBe('3:45:07 pm');
  });

  it('writes an Urdu time on the 24-hour clock, with no Latin AM or PM', () => {
    for (const written of [formatDateTime('2026-03-12T10:45:07.000Z', 'ur'), formatTime('2026-03-12T10:45:07.000Z', 'ur')]) {
      expect(written).toContain('15:45');
      expect(written).not.toMatch(/AM|PM|am|pm/);
    }
  });

  it('writes nothing for no date or a broken one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

// English dates are written without Intl (its first use is slow on a phone): they must read exactly as
// Intl writes them for Pakistan, at every hour (midnight and noon included) and across years.
describe('English dates as Intl writes them for en-PK', () => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(['en-PK', 'en'], options);
  const dayOptions: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

  it('writes moments, calendar days and months alike', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const moments = ['2026-03-12T19:00:00.000Z', '2026-03-12T06:59:59.000Z', '2026-03-12T07:00:00.000Z', '2025-12-31T19:00:00.000Z', '2008-06-01T12:00:00.000Z'];
    for (let i = 0; i < 500; i++) moments.push(new Date(Date.UTC(2000, 0, 1) + Math.floor(random() * 40 * 365 * 86_400_000)).toISOString());
    for (const moment of moments) {
      const date = new Date(moment);
      const karachi = { timeZone: 'Asia/Karachi' };
      expect(formatDate(moment), moment).toBe(intl({ ...dayOptions, ...karachi }).format(date));
      expect(formatDateTime(moment), moment).toBe(intl({ ...dayOptions, hour: 'numeric', minute: '2-digit', ...karachi }).format(date));
      expect(formatDateTime(moment, 'en', { seconds: true }), moment).toBe(intl({ ...dayOptions, hour: 'numeric', minute: '2-digit', second: '2-digit', ...karachi }).format(date));
      expect(formatTime(moment), moment).toBe(intl({ hour: 'numeric', minute: '2-digit', second: '2-digit', ...karachi }).format(date));
      const day = moment.slice(0, 10);
      expect(formatDate(day), day).toBe(intl({ ...dayOptions, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)));
    }
    for (let month = 1; month <= 12; month++) {
      const first = new Date(Date.UTC(2026, month - 1, 1));
      expect(formatMonth(2026, month)).toBe(intl({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first));
      expect(formatMonth(2026, month, 'en', 'short')).toBe(intl({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(first));
      expect(formatMonth(2026, month, 'en', 'axis')).toBe(intl({ month: 'short', year: '2-digit', timeZone: 'UTC' }).format(first));
    }
  });

  it("names a month, and a month of a year, in the reader's language, and nothing for no month", () => {
    expect(formatMonthName(3)).toBe('March');
    expect(formatMonthName(9, 'en', 'short')).toBe('Sept');
    expect(formatMonthName(3, 'ur')).toBe('مارچ');
    expect(formatMonth(2026, 3, 'ur')).toContain('مارچ');
    for (const month of [0, 13, 1.5, null, undefined]) expect(formatMonthName(month)).toBe('');
    expect(formatMonth(null, 3)).toBe('');
  });
});

describe('the formats made ready while a session is checked', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A browser whose idle moments come when the test says. */
  function idleQueue() {
    const waiting = new Map<number, () => void>();
    let next = 1;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      waiting.set(next, run);
      return next++;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.delete(id));
    return {
      waiting,
      runOne() {
        const [id, run] = [...waiting][0];
        waiting.delete(id);
        run();
      },
    };
  }

  it('takes one idle moment per format, one after the other, and then stops', () => {
    const idle = idleQueue();
    prepareFormats('ur');
    for (let step = 0; step < 2; step++) {
      expect(idle.waiting.size).toBe(1);
      idle.runOne();
    }
    expect(idle.waiting.size).toBe(0);
  });

  it('asks for none in English, whose dates are written without Intl', () => {
    const idle = idleQueue();
    prepareFormats('en');
    expect(idle.waiting.size).toBe(0);
  });

  it('asks for no more idle moments once cancelled (the page was left)', () => {
    const idle = idleQueue();
    const cancel = prepareFormats('ur');
    idle.runOne();
    expect(idle.waiting.size).toBe(1);
    cancel();
    expect(idle.waiting.size).toBe(0);
  });
});

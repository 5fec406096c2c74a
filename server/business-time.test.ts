import { describe, expect, it } from 'vitest';
import { addMonths, addMonthsToDate, karachiToday } from './business-time.ts';

describe('business calendar', () => {
  it('uses Karachi time: 20:00 UTC on the last day of a month is already the next month', () => {
    expect(karachiToday(new Date('2026-01-31T20:00:00Z'))).toEqual({ year: 2026, month: 2, day: 1 });
    expect(karachiToday(new Date('2026-01-31T18:59:00Z'))).toEqual({ year: 2026, month: 1, day: 31 });
  });

  it('adds months across years and clamps the day', () => {
    expect(addMonths({ year: 2026, month: 11 }, 3)).toEqual({ year: 2027, month: 2 });
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2026-03-01', 30)).toBe('2028-09-01');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatTime, prepareFormats } from './format.ts';

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

  it('writes nothing for no date or a broken one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
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
    prepareFormats('en');
    for (let step = 0; step < 4; step++) {
      expect(idle.waiting.size).toBe(1);
      idle.runOne();
    }
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

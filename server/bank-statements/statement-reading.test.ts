/** How a statement's days and amounts are read, as banks write them. Expected values are written out by hand. */
import { describe, expect, it } from 'vitest';
import { readAmount, readDay } from './statement-reading.ts';

describe('a day', () => {
  it.each([
    ['03/11/2026', 'DMY', '2026-11-03'],
    ['3-11-26', 'DMY', '2026-11-03'],
    ['03.11.2026 14:05:00', 'DMY', '2026-11-03'],
    ['04-Nov-2026', 'DMY', '2026-11-04'],
    ['4 November 2026', 'DMY', '2026-11-04'],
    ['11/03/2026', 'MDY', '2026-11-03'],
    ['Nov 4, 2026', 'MDY', '2026-11-04'],
    ['2026-11-03', 'YMD', '2026-11-03'],
    ['2026-11-03T09:30', 'YMD', '2026-11-03'],
    ['2024/02/29', 'YMD', '2024-02-29'],
  ] as const)('%s read as %s is %s', (text, order, day) => {
    expect(readDay(text, order)).toBe(day);
  });

  it.each([
    ['31/11/2026', 'DMY'],
    ['2026/02/29', 'YMD'],
    ['13/13/2026', 'MDY'],
    ['03/11', 'DMY'],
    ['Opening balance', 'DMY'],
    ['03/Noq/2026', 'DMY'],
    ['03/11/1999', 'DMY'],
  ] as const)('%s read as %s is no day', (text, order) => {
    expect(readDay(text, order)).toBeNull();
  });

  it('takes a spreadsheet date cell as it is, whatever the order', () => {
    expect(readDay({ day: '2026-11-03' }, 'MDY')).toBe('2026-11-03');
  });
});

describe('an amount', () => {
  it.each([
    ['15,000.00', '.', ',', 15000],
    ['PKR 15,000', '.', ',', 15000],
    // Lakh grouping, as Pakistani banks often write.
    ['1,23,456.00', '.', ',', 123456],
    ['Rs. 1,234.5', '.', ',', 1234.5],
    ['15.000,75', ',', '.', 15000.75],
    ['15 000,75', ',', ' ', 15000.75],
    ["1'500.00", '.', "'", 1500],
    ['2,500.50 DR', '.', ',', -2500.5],
    ['2,500.50 CR', '.', ',', 2500.5],
    ['(2,500.50)', '.', ',', -2500.5],
    ['-2.500,50', ',', '.', -2500.5],
    ['', '.', ',', null],
    ['-', '.', ',', null],
  ] as const)('%s with %s decimals and %s thousands is %s', (text, decimal, thousands, amount) => {
    expect(readAmount(text, decimal, thousands)).toBe(amount);
  });

  it.each([['1.234'], ['12..5'], ['15.001'], ['abc'], ['1e5'], ['99999999999']])('%s is not an amount', (text) => {
    expect(readAmount(text, '.', ',')).toBeUndefined();
  });

  it('takes number cells with at most two decimals', () => {
    expect(readAmount(12345.5, '.', ',')).toBe(12345.5);
    expect(readAmount(0.1 + 0.2, '.', ',')).toBe(0.3);
    expect(readAmount(1.005001, '.', ',')).toBeUndefined();
  });
});

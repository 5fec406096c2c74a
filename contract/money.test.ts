import { describe, expect, it } from 'vitest';
import { formatCount, formatPkr } from './money.ts';

// The expected texts are written out by hand: digits grouped in threes, paisa only when there are some.
describe('money as people read it', () => {
  it('writes rupees with PKR, grouped, with paisa only when there are some', () => {
    expect(formatPkr(0)).toBe('PKR 0');
    expect(formatPkr(5000)).toBe('PKR 5,000');
    expect(formatPkr(1_250_000)).toBe('PKR 1,250,000');
    expect(formatPkr(2500.5)).toBe('PKR 2,500.5');
    expect(formatPkr(99.99)).toBe('PKR 99.99');
    expect(formatPkr(-300)).toBe('PKR -300');
  });

  it('writes counts grouped, and the same way on every call', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });

  it('rounds half away from zero at two decimals for amounts and three for counts, and never writes "-0"', () => {
    expect(formatPkr(999.999)).toBe('PKR 1,000');
    expect(formatPkr(0.005)).toBe('PKR 0.01');
    expect(formatPkr(5.005)).toBe('PKR 5.01');
    expect(formatPkr(1234.004)).toBe('PKR 1,234');
    expect(formatPkr(-0.001)).toBe('PKR 0');
    expect(formatPkr(-1_234_567.5)).toBe('PKR -1,234,567.5');
    expect(formatCount(2.0005)).toBe('2.001');
    expect(formatCount(123_456_789_012)).toBe('123,456,789,012');
  });

  // Intl.NumberFormat('en-PK') is what these functions stand in for (without its cost on a phone's first
  // paint): they must write every number as it does.
  it('writes what Intl.NumberFormat("en-PK") writes', () => {
    const amounts = new Intl.NumberFormat('en-PK', { maximumFractionDigits: 2 });
    const counts = new Intl.NumberFormat('en-PK');
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 99_999.99, 100_000, 123_456.78, 1e20, 0.5, 0.05, 0.995, 1.005, 2.675];
    for (let i = 0; i < 2000; i++) values.push(Math.round((random() - 0.3) * 10 ** Math.floor(random() * 12) * 1000) / 10 ** Math.floor(random() * 5));
    for (const value of values) {
      if (Object.is(Math.round(value * 1000) / 1000, -0) || (value < 0 && Math.abs(value) < 0.005)) continue; // Intl writes "-0"; these write "0".
      expect(formatPkr(value), String(value)).toBe(`PKR ${amounts.format(value)}`);
      expect(formatCount(value), String(value)).toBe(counts.format(value));
    }
  });
});

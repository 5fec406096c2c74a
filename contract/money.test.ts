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
});

import { describe, expect, it } from 'vitest';
import { totalLabel } from './paging.ts';

describe('totalLabel', () => {
  it('shows an exact total with separators, and a lower bound with a plus', () => {
    expect(totalLabel({ total: 1234, exact: true })).toBe('1,234');
    expect(totalLabel({ total: 10000, exact: false })).toBe('10,000+');
    expect(totalLabel({ total: 7, exact: true })).toBe('7');
  });
});

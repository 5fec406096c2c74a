/**
 * Test-only: instalment figures as the server sends them (contract/figures.ts), for the screens of
 * every area that shows them (payments, arrears, groups, the admin overview).
 */
import type { CountAndAmount, InstalmentFigures } from '../../contract/figures.ts';

const none: CountAndAmount = { count: 0, amount: 0 };

/**
 * A set of figures as the server would send it, from the parts a test names (RULES §6a). Totals are
 * written out by the test itself; nothing here adds them up.
 */
export function makeFigures(overrides: Partial<InstalmentFigures> = {}): InstalmentFigures {
  return {
    scheduled: none,
    due: none,
    underReview: none,
    owed: none,
    overdue: none,
    paid: none,
    pending: none,
    dueSoFar: none,
    collected: 0,
    collectionRate: 0,
    ...overrides,
  };
}

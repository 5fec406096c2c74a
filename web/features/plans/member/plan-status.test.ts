import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { isPendingRequest, planRequestStatusDisplay } from './plan-status.ts';
// The texts of the plan screens, which their modules register when they load.
import './catalogue.ts';

const shown = (status: string | null | undefined) => i18n.t(`requestStatus.${planRequestStatusDisplay(status)}`, { ns: 'memberPlans' });

describe('plan payment request status display (member document §4)', () => {
  it('maps PENDING to Pending, PAID to Approved, OVERDUE and REJECTED to Rejected', () => {
    expect(shown('PENDING')).toBe('Pending');
    expect(shown('PAID')).toBe('Approved');
    expect(shown('OVERDUE')).toBe('Rejected');
    expect(shown('REJECTED')).toBe('Rejected');
  });

  it('shows anything else as Unknown', () => {
    for (const status of ['APPROVED', 'CANCELLED', '', 'something', null, undefined]) {
      expect(shown(status)).toBe('Unknown');
    }
  });

  it('reads the status words in any case, as the server accepts them', () => {
    expect(planRequestStatusDisplay('pending')).toBe('pending');
    expect(planRequestStatusDisplay(' Paid ')).toBe('approved');
    expect(isPendingRequest('PENDING')).toBe(true);
    expect(isPendingRequest('PAID')).toBe(false);
  });
});

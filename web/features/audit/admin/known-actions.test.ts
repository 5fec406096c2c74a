/** Every action the audit screen knows has its label, the corrections' among them (docs/rules.md "Corrections"). */
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { KNOWN_ACTIONS } from './api.ts';

describe('the audit actions', () => {
  it('knows the corrections', () => {
    expect(KNOWN_ACTIONS).toEqual(expect.arrayContaining(['PAYMENT_APPROVAL_UNDONE', 'PAYMENT_RECEIPT_CORRECTED', 'GROUP_MEMBER_REMOVE', 'GROUP_MEMBER_MOVE']));
  });

  it('has a label for each known action, and no action twice', () => {
    const label = (action: string) => i18n.t(`admin.audit.actions.${action}` as 'admin.audit.actions.DRAW', { defaultValue: '' });
    expect(KNOWN_ACTIONS.filter((action) => !label(action))).toEqual([]);
    expect(new Set(KNOWN_ACTIONS).size).toBe(KNOWN_ACTIONS.length);
    expect(['PAYMENT_APPROVAL_UNDONE', 'PAYMENT_RECEIPT_CORRECTED', 'GROUP_MEMBER_REMOVE', 'GROUP_MEMBER_MOVE'].map(label)).toEqual([
      'Approval undone',
      'Receipt corrected',
      'Member removed from group',
      'Member moved to another group',
    ]);
  });
});

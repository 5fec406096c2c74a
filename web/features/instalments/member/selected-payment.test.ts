import { describe, expect, it } from 'vitest';
import { parseSelectedPayment, readSelectedPayment, SELECTED_PAYMENT_KEY, selectedPaymentOf, writeSelectedPayment } from './selected-payment.ts';
import { makeGroup } from './test-support.ts';

describe('the selected payment in browser storage', () => {
  it('keeps what the payment page needs, under selected-payment', () => {
    const group = makeGroup();
    const march = group.payments[2];
    writeSelectedPayment(selectedPaymentOf(group, march));

    const stored = JSON.parse(window.localStorage.getItem(SELECTED_PAYMENT_KEY)!);
    expect(stored).toMatchObject({
      paymentId: 'pay-2026-3',
      groupId: 'group-1',
      groupNumber: '1',
      month: 3,
      year: 2026,
      amount: 25000,
      status: 'PENDING',
      dueDate: '2026-03-01',
      paymentDate: null,
      group: { id: 'group-1', groupNumber: '1', plan: { id: 'plan-gold', name: 'Gold Umrah Plan', monthlyAmount: 25000, duration: 12, totalAmount: 300000 } },
    });
    expect(readSelectedPayment('pay-2026-3')).toEqual({ kind: 'found', payment: stored });
  });

  it('is missing when nothing (or nothing readable) is stored, or when it is for another payment', () => {
    expect(parseSelectedPayment(null, 'p-1')).toEqual({ kind: 'missing' });
    expect(parseSelectedPayment('not json', 'p-1')).toEqual({ kind: 'missing' });
    expect(parseSelectedPayment('null', 'p-1')).toEqual({ kind: 'missing' });
    const other = JSON.stringify(selectedPaymentOf(makeGroup(), makeGroup().payments[0]));
    expect(parseSelectedPayment(other, 'p-1')).toEqual({ kind: 'missing' });
  });

  it('has no payment data when the payload lacks the month, amount or group', () => {
    expect(parseSelectedPayment('{}', 'p-1')).toEqual({ kind: 'empty' });
    expect(parseSelectedPayment(JSON.stringify({ paymentId: 'p-1' }), 'p-1')).toEqual({ kind: 'empty' });
    expect(parseSelectedPayment(JSON.stringify({ paymentId: 'p-1', groupId: 'g', groupNumber: '1', month: 13, year: 2026, amount: 5 }), 'p-1')).toEqual({ kind: 'empty' });
  });
});

/**
 * Text someone typed inside a sentence of ours: in Urdu it is isolated (U+2068 … U+2069) so that Latin
 * words keep their order in the right-to-left sentence, and a reason that ends with its own full stop is
 * not given a second one, in either language. Times in Urdu are on the 24-hour clock, never AM/PM.
 */
import { describe, expect, it } from 'vitest';
import { instalmentDecisionNotice } from '../instalments/instalment-texts.ts';
import { karachiMoment, karachiTime, typed } from './layout.ts';
import { memberMovedNotice } from '../corrections/correction-texts.ts';
import { monthsOwedOnJoiningNotice } from '../reminders/reminder-texts.ts';
import { planRejectedNotice } from '../plan-requests/plan-request-texts.ts';

const FSI = '\u2068';
const PDI = '\u2069';

describe('typed text inside our sentences', () => {
  it('is isolated in Urdu and left as it is in English', () => {
    expect(typed('ur', 'Gold Plan')).toBe(`${FSI}Gold Plan${PDI}`);
    expect(typed('en', 'Gold Plan')).toBe('Gold Plan');
  });

  it('a rejection reason ending with a full stop gets no second one, in English or in Urdu', () => {
    expect(planRejectedNotice('en', 'Gold Plan', 'Blurry.').message).toBe('Your request for Gold Plan was not approved: Blurry. You may send a new request.');
    expect(planRejectedNotice('ur', 'Gold Plan', 'Blurry.').message).toBe(`${FSI}Gold Plan${PDI} کے لیے آپ کی درخواست منظور نہیں ہوئی: ${FSI}Blurry${PDI}۔ آپ نئی درخواست بھیج سکتے ہیں۔`);
    expect(instalmentDecisionNotice('ur', 'REJECTED', 'مارچ 2026', 'رسید واضح نہیں۔').message).toBe(`آپ کی مارچ 2026 کی قسط کی ادائیگی منظور نہیں ہوئی: ${FSI}رسید واضح نہیں${PDI}۔ براہِ کرم نئی رسید بھیجیں۔`);
    expect(instalmentDecisionNotice('en', 'REJECTED', 'March 2026', 'Wrong amount').message).toBe('Your payment for March 2026 was not approved: Wrong amount. Please send a new receipt.');
    expect(memberMovedNotice('en', '1', 'A2', 'Asked for the other group.').message).toContain('to Group A2: Asked for the other group. Your paid months');
  });

  it('the notice of months owed on joining isolates the plan name in Urdu and counts the months', () => {
    const owed = { planName: 'Gold Plan', groupNumber: 'A1', startPeriod: 'جنوری 2026', count: 4, firstPeriod: 'فروری 2026', lastPeriod: 'مئی 2026', amount: 'PKR 20,000', overdueCount: 4 };
    const { message } = monthsOwedOnJoiningNotice('ur', owed);
    expect(message.startsWith(`${FSI}Gold Plan${PDI} کا گروپ نمبر A1 جنوری 2026 میں شروع ہوا تھا۔`)).toBe(true);
    expect(message).toContain('4 مہینوں کی اقساط (فروری 2026 سے مئی 2026 تک)');
    expect(message).toContain('کل PKR 20,000، جو اب واجب الادا ہیں اور تاخیر شدہ۔');
    expect(monthsOwedOnJoiningNotice('en', { ...owed, startPeriod: 'January 2026', firstPeriod: 'February 2026', lastPeriod: 'May 2026' }).message).toBe(
      'Gold Plan, Group A1 started in January 2026. 4 months (February 2026 to May 2026) came due before you joined: PKR 20,000 in all, owed now, and overdue. Please pay them from the Payments tab.',
    );
  });
});

describe('a time in an Urdu text', () => {
  it('is on the 24-hour clock, with no Latin AM or PM', () => {
    const afternoon = new Date('2026-11-28T10:04:00Z'); // 15:04 in Karachi
    for (const written of [karachiMoment('ur', afternoon), karachiTime('ur', afternoon)]) {
      expect(written).toContain('15:04');
      expect(written).not.toMatch(/AM|PM|am|pm/);
    }
  });
});

/**
 * The reminders of an instalment (before it is due, on the day, by an admin) and the one notice of
 * the months owed on joining a group that started earlier; in English and Urdu.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, type NoticeText, typed } from '../mail/layout.ts';

/**
 * One notice, in the app and by email, to a member who joins a group that started before them: the
 * months whose due dates had already come (RULES §6a: owed at once), how many, from which to which, and
 * their sum, instead of a reminder per month. `amount` as formatPkr writes it; the periods as periodName.
 */
export function monthsOwedOnJoiningNotice(
  language: Language,
  owed: { planName: string; groupNumber: string; startPeriod: string; count: number; firstPeriod: string; lastPeriod: string; amount: string; overdueCount: number },
): NoticeText {
  const plan = typed(language, owed.planName);
  if (language === 'ur') {
    const months = owed.count === 1 ? `${owed.firstPeriod} کی قسط` : `${owed.count} مہینوں کی اقساط (${owed.firstPeriod} سے ${owed.lastPeriod} تک)`;
    const overdue = owed.overdueCount === 0 ? '' : owed.overdueCount === owed.count ? ' اور تاخیر شدہ' : `، جن میں سے ${owed.overdueCount} تاخیر شدہ`;
    return {
      title: 'شامل ہونے سے پہلے کی واجب الادا اقساط',
      message: `${plan} کا گروپ نمبر ${owed.groupNumber} ${owed.startPeriod} میں شروع ہوا تھا۔ آپ کے شامل ہونے سے پہلے ${months} کی تاریخ گزر چکی تھی: کل ${owed.amount}، جو اب واجب الادا ${owed.count === 1 ? 'ہے' : 'ہیں'}${overdue}۔ براہِ کرم ادائیگیوں کے ٹیب سے ادا کریں۔`,
    };
  }
  const months = owed.count === 1 ? `1 month (${owed.firstPeriod})` : `${owed.count} months (${owed.firstPeriod} to ${owed.lastPeriod})`;
  const overdue = owed.overdueCount === 0 ? '' : owed.overdueCount === owed.count ? ', and overdue' : `, ${owed.overdueCount} of them overdue`;
  return {
    title: 'Months owed from before you joined',
    message: `${plan}, Group ${owed.groupNumber} started in ${owed.startPeriod}. ${months} came due before you joined: ${owed.amount} in all, owed now${overdue}. Please pay them from the Payments tab.`,
  };
}

export const monthsOwedOnJoiningSubject: Both = { en: 'Months owed from before you joined', ur: 'شامل ہونے سے پہلے کی واجب الادا اقساط' };

/**
 * The reminders (reminders/reminder-service.ts), written in SQL: {period}, {amount} and {dueOn} are
 * filled there. The DUE text names the grace day, which is the operator's setting. A month past its
 * grace day is overdue, never "due": MANUAL_OVERDUE is the administrator's reminder of such a month.
 */
export function reminderNotice(language: Language, kind: 'BEFORE' | 'DUE' | 'MANUAL' | 'MANUAL_OVERDUE', graceDay: number): NoticeText {
  const texts: Both<Record<typeof kind, NoticeText>> = {
    en: {
      BEFORE: { title: 'Payment due soon', message: 'Your payment for {period} ({amount}) is due on {dueOn}.' },
      DUE: {
        title: 'Payment due',
        message: `Your payment for {period} ({amount}) is due now. Please pay it by the ${ordinal(graceDay)} so that it does not become overdue.`,
      },
      MANUAL: { title: 'Payment reminder', message: 'A reminder from the committee: your payment for {period} ({amount}) is due.' },
      MANUAL_OVERDUE: { title: 'Payment reminder', message: 'A reminder from the committee: your payment for {period} ({amount}) is overdue. Please pay it as soon as you can.' },
    },
    ur: {
      BEFORE: { title: 'قسط کی آخری تاریخ قریب ہے', message: 'آپ کی {period} کی قسط ({amount}) کی آخری تاریخ {dueOn} ہے۔' },
      DUE: {
        title: 'قسط واجب الادا ہے',
        message: `آپ کی {period} کی قسط ({amount}) اب واجب الادا ہے۔ براہِ کرم ${graceDay} تاریخ تک ادائیگی کر دیں تاکہ یہ تاخیر شدہ نہ ہو۔`,
      },
      MANUAL: { title: 'قسط کی یاد دہانی', message: 'کمیٹی کی طرف سے یاد دہانی: آپ کی {period} کی قسط ({amount}) واجب الادا ہے۔' },
      MANUAL_OVERDUE: { title: 'قسط کی یاد دہانی', message: 'کمیٹی کی طرف سے یاد دہانی: آپ کی {period} کی قسط ({amount}) تاخیر شدہ ہے۔ براہِ کرم جلد از جلد ادائیگی کر دیں۔' },
    },
  };
  return texts[language][kind];
}

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/**
 * The page an unsubscribe link shows when a person opens it (GET, unsubscribe-routes.ts): it asks, and
 * only its button turns the reminder emails off. `done` is the answer's message in each language.
 */
export const unsubscribePage: Both<{ title: string; ask: string; button: string; done: string }> = {
  en: {
    title: 'Reminder emails',
    ask: 'Turn off payment reminder emails for your Umrah Committee account? Reminders in the app stay, and you can turn the emails on again in your profile.',
    button: 'Turn off reminder emails',
    done: 'Reminder emails are off. You can turn them on again in your profile.',
  },
  ur: {
    title: 'یاد دہانی کی ای میلز',
    ask: 'کیا آپ اپنے عمرہ کمیٹی اکاؤنٹ کی قسط کی یاد دہانی کی ای میلز بند کرنا چاہتے ہیں؟ ایپ میں یاد دہانیاں جاری رہیں گی، اور آپ اپنے پروفائل میں ای میلز دوبارہ چالو کر سکتے ہیں۔',
    button: 'یاد دہانی کی ای میلز بند کریں',
    done: 'یاد دہانی کی ای میلز بند ہو گئیں۔ آپ انہیں اپنے پروفائل میں دوبارہ چالو کر سکتے ہیں۔',
  },
};

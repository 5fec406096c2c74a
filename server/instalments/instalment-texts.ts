/**
 * The notices of a month's instalment: a receipt sent, and the admin's decision (paid, refused,
 * overdue); in English and Urdu. The overdue job writes the same words in SQL (mail/sql-text.ts).
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, periodName, type NoticeText, typed } from '../mail/layout.ts';

/** To the administrators: a member sent a month's receipt. */
export function instalmentSubmittedNotice(language: Language, month: number, year: number, groupNumber: string): NoticeText {
  const period = periodName(language, month, year);
  return {
    en: { title: 'New instalment receipt', message: `A member sent the receipt for ${period}, Group ${groupNumber}.` },
    ur: { title: 'قسط کی نئی رسید', message: `ایک رکن نے ${period} کی قسط کی رسید بھیجی ہے، گروپ نمبر ${groupNumber}۔` },
  }[language];
}

/**
 * An admin's decision on a month (`period` as periodName writes it). The overdue job sends the OVERDUE
 * text too, from SQL, with `{period}` in place of the month.
 */
export function instalmentDecisionNotice(language: Language, decision: 'PAID' | 'REJECTED' | 'OVERDUE', period: string, reason?: string): NoticeText {
  const texts: Both<Record<typeof decision, NoticeText>> = {
    en: {
      PAID: { title: 'Payment approved', message: `Your payment for ${period} was approved. JazakAllah khair.` },
      REJECTED: { title: 'Payment rejected', message: `Your payment for ${period} was not approved: ${typed('en', reason ?? '', { endsSentence: true })}. Please send a new receipt.` },
      OVERDUE: { title: 'Payment overdue', message: `Your payment for ${period} is overdue. Please pay it as soon as you can.` },
    },
    ur: {
      PAID: { title: 'ادائیگی منظور ہو گئی', message: `آپ کی ${period} کی قسط کی ادائیگی منظور ہو گئی ہے۔ جزاک اللہ خیر۔` },
      REJECTED: { title: 'ادائیگی مسترد', message: `آپ کی ${period} کی قسط کی ادائیگی منظور نہیں ہوئی: ${typed('ur', reason ?? '', { endsSentence: true })}۔ براہِ کرم نئی رسید بھیجیں۔` },
      OVERDUE: { title: 'قسط تاخیر شدہ', message: `آپ کی ${period} کی قسط تاخیر شدہ ہے۔ براہِ کرم جلد از جلد ادائیگی کر دیں۔` },
    },
  };
  return texts[language][decision];
}

/**
 * The notices of a correction (RULES, corrections): an approval undone, a receipt moved to another
 * month, a member removed from or moved between groups, each with the admin's reason; in English and Urdu.
 */
import type { Language } from '../../contract/accounts.ts';
import { periodName, type NoticeText, typed } from '../mail/layout.ts';

export function approvalUndoneNotice(language: Language, period: string, reason: string): NoticeText {
  return {
    en: {
      title: 'Payment approval undone',
      message: `The approval of your payment for ${period} was undone: ${typed('en', reason, { endsSentence: true })}. This month is unpaid again; please send a new receipt.`,
    },
    ur: {
      title: 'ادائیگی کی منظوری واپس لے لی گئی',
      message: `آپ کی ${period} کی قسط کی ادائیگی کی منظوری واپس لے لی گئی ہے: ${typed('ur', reason, { endsSentence: true })}۔ یہ مہینہ دوبارہ غیر ادا شدہ ہے؛ براہِ کرم نئی رسید بھیجیں۔`,
    },
  }[language];
}

/** `amount` as formatPkr writes it (PKR 5,000), in both languages. */
export function receiptCorrectedNotice(language: Language, before: { month: number; year: number }, now: { month: number; year: number }, amount: string, reason: string): NoticeText {
  const from = periodName(language, before.month, before.year);
  const to = periodName(language, now.month, now.year);
  return {
    en: { title: 'Receipt corrected', message: `Your receipt sent for ${from} is now recorded for ${to}, ${amount}: ${typed('en', reason, { endsSentence: true })}.` },
    ur: { title: 'رسید درست کر دی گئی', message: `${from} کے لیے بھیجی گئی آپ کی رسید اب ${to} کے لیے ${amount} درج ہے: ${typed('ur', reason, { endsSentence: true })}۔` },
  }[language];
}

export function memberRemovedNotice(language: Language, groupNumber: string, reason: string): NoticeText {
  return {
    en: {
      title: 'Removed from your group',
      message: `You were removed from Group ${groupNumber}: ${typed('en', reason, { endsSentence: true })}. Months already due stay due until paid; no month to come is due from you.`,
    },
    ur: {
      title: 'آپ کو گروپ سے نکال دیا گیا',
      message: `آپ کو گروپ نمبر ${groupNumber} سے نکال دیا گیا ہے: ${typed('ur', reason, { endsSentence: true })}۔ جو اقساط پہلے سے واجب الادا ہیں وہ ادائیگی تک واجب الادا رہیں گی؛ آئندہ کسی مہینے کی قسط آپ کے ذمے نہیں۔`,
    },
  }[language];
}

export function memberMovedNotice(language: Language, fromGroup: string, toGroup: string, reason: string): NoticeText {
  return {
    en: {
      title: 'Moved to a new group',
      message: `You were moved from Group ${fromGroup} to Group ${toGroup}: ${typed('en', reason, { endsSentence: true })}. Your paid months came with you, and your months now follow the new group.`,
    },
    ur: {
      title: 'آپ کو نئے گروپ میں منتقل کر دیا گیا',
      message: `آپ کو گروپ نمبر ${fromGroup} سے گروپ نمبر ${toGroup} میں منتقل کر دیا گیا ہے: ${typed('ur', reason, { endsSentence: true })}۔ آپ کی ادا شدہ اقساط آپ کے ساتھ منتقل ہو گئی ہیں، اور اب آپ کے مہینے نئے گروپ کے مطابق ہیں۔`,
    },
  }[language];
}

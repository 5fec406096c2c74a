/**
 * The notice of a referral commission paid, in English and Urdu.
 */
import type { Language } from '../../contract/accounts.ts';
import { type NoticeText } from '../mail/layout.ts';

/** `amount` as formatPkr writes it (PKR 5,000). */
export function commissionPaidNotice(language: Language, amount: string): NoticeText {
  return {
    en: { title: 'Commission paid', message: `Your referral commission of ${amount} was paid. Please confirm when you receive it.` },
    ur: { title: 'کمیشن ادا کر دیا گیا', message: `آپ کا ${amount} کا ریفرل کمیشن ادا کر دیا گیا ہے۔ رقم موصول ہونے پر براہِ کرم تصدیق کریں۔` },
  }[language];
}

/**
 * The texts of a CNIC claimed by another account (RULES, the CNIC claims): to the member, in the app
 * and by email, in English and Urdu.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, linkEmail, type NoticeText, typed } from '../mail/layout.ts';
import type { OutgoingEmail } from '../mail/transport.ts';

/**
 * To the holder of a CNIC that someone put on another account's profile (server/users/cnic-claims.ts):
 * nothing of the other account (not its name, not its email), only that theirs is unchanged and that an
 * administrator will look at it.
 */
export function cnicClaimedEmail(to: string, name: string, loginLink: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[]; closing: string }> = {
    en: {
      subject: 'Someone entered your CNIC on another account',
      lines: [
        'The CNIC registered to your Umrah Committee account was entered on the profile of another account. It stays on your account: nothing of yours was changed, and the other account does not have it.',
        'An administrator will review the request. To check your account, sign in here:',
      ],
      closing: 'If you know nothing about this, you do not need to do anything. If you think someone is using your identity, please contact support.',
    },
    ur: {
      subject: 'کسی نے آپ کا شناختی کارڈ نمبر ایک دوسرے اکاؤنٹ پر درج کیا',
      lines: [
        'آپ کے عمرہ کمیٹی اکاؤنٹ کا شناختی کارڈ نمبر ایک دوسرے اکاؤنٹ کی پروفائل پر درج کیا گیا۔ یہ آپ ہی کے اکاؤنٹ پر ہے: آپ کی کوئی چیز تبدیل نہیں ہوئی، اور دوسرے اکاؤنٹ کو یہ نہیں ملا۔',
        'ایک منتظم اس درخواست کا جائزہ لے گا۔ اپنا اکاؤنٹ دیکھنے کے لیے یہاں لاگ اِن کریں:',
      ],
      closing: 'اگر آپ کو اس کا علم نہیں تو آپ کو کچھ کرنے کی ضرورت نہیں۔ اگر آپ کو لگتا ہے کہ کوئی آپ کی شناخت استعمال کر رہا ہے تو براہِ کرم سپورٹ ٹیم سے رابطہ کریں۔',
    },
  };
  const { subject, lines, closing } = t[language];
  return linkEmail(language, to, subject, name, lines, loginLink, closing, 'security');
}

/** To the holder of a CNIC that was entered on another account's profile (the email says the same, at more length). */
export function cnicClaimedNotice(language: Language): NoticeText {
  return {
    en: {
      title: 'Your CNIC was entered on another account',
      message: 'The CNIC on your account was entered on the profile of another account. It stays yours, and an administrator will review the request. If you think someone is using your identity, please contact support.',
    },
    ur: {
      title: 'آپ کا شناختی کارڈ نمبر ایک دوسرے اکاؤنٹ پر درج کیا گیا',
      message: 'آپ کے اکاؤنٹ کا شناختی کارڈ نمبر ایک دوسرے اکاؤنٹ کی پروفائل پر درج کیا گیا۔ یہ آپ ہی کا رہے گا، اور ایک منتظم اس درخواست کا جائزہ لے گا۔ اگر آپ کو لگتا ہے کہ کوئی آپ کی شناخت استعمال کر رہا ہے تو براہِ کرم سپورٹ ٹیم سے رابطہ کریں۔',
    },
  }[language];
}

/** To the administrators: a member's profile asks for a CNIC another account has; it waits for them under Users. */
export function cnicClaimPendingNotice(language: Language, memberName: string): NoticeText {
  return {
    en: { title: 'CNIC held for review', message: `${memberName} entered a CNIC that another account has. Give it to them or dismiss the request under Users.` },
    ur: { title: 'شناختی کارڈ نمبر جائزے کے لیے روکا گیا', message: `${typed('ur', memberName)} نے ایسا شناختی کارڈ نمبر درج کیا جو ایک دوسرے اکاؤنٹ کا ہے۔ صارفین کے صفحے پر یہ نمبر انہیں دیں یا درخواست مسترد کریں۔` },
  }[language];
}

/** To the member whose held CNIC an administrator dismissed: their profile shows their earlier CNIC again. */
export function cnicClaimDismissedNotice(language: Language): NoticeText {
  return {
    en: { title: 'CNIC not saved', message: 'The CNIC you entered on your profile could not be saved, and your earlier CNIC is kept. Please contact support.' },
    ur: { title: 'شناختی کارڈ نمبر محفوظ نہیں ہوا', message: 'آپ کی پروفائل پر درج کیا گیا شناختی کارڈ نمبر محفوظ نہیں ہو سکا، اور آپ کا پہلا شناختی کارڈ نمبر برقرار ہے۔ براہِ کرم سپورٹ ٹیم سے رابطہ کریں۔' },
  }[language];
}

/** To the former holder of a CNIC that an administrator gave to the account that asked for it. */
export function cnicRemovedNotice(language: Language): NoticeText {
  return {
    en: { title: 'CNIC removed from your account', message: 'After a review, an administrator removed the CNIC from your account. If you think this is wrong, please contact support.' },
    ur: { title: 'آپ کے اکاؤنٹ سے شناختی کارڈ نمبر ہٹا دیا گیا', message: 'جائزے کے بعد ایک منتظم نے آپ کے اکاؤنٹ سے شناختی کارڈ نمبر ہٹا دیا۔ اگر آپ کے خیال میں یہ غلط ہے تو براہِ کرم سپورٹ ٹیم سے رابطہ کریں۔' },
  }[language];
}

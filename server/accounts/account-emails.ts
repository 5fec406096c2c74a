/**
 * The account emails (registration, password reset, an address already registered, a CNIC taken, a
 * recovery code used), in English and Urdu side by side; the layout they share is mail/layout.ts.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, linkEmail, plainEmail, type NoticeText } from '../mail/layout.ts';
import type { OutgoingEmail } from '../mail/transport.ts';

/** To an address not yet proven to belong to whoever registered it: no name in it, in the language chosen at registration. */
export function verificationEmail(to: string, link: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[]; closing: string }> = {
    en: {
      subject: 'Verify your email address',
      lines: ['Welcome to Umrah Committee. Please confirm your email address by opening this link:'],
      closing: 'The link expires in 24 hours and works once. If you did not create an account, you can ignore this email.',
    },
    ur: {
      subject: 'اپنے ای میل ایڈریس کی تصدیق کریں',
      lines: ['عمرہ کمیٹی میں خوش آمدید۔ براہِ کرم یہ لنک کھول کر اپنے ای میل ایڈریس کی تصدیق کریں:'],
      closing: 'یہ لنک 24 گھنٹے تک کارآمد ہے اور صرف ایک بار کام کرتا ہے۔ اگر آپ نے اکاؤنٹ نہیں بنایا تو اس ای میل کو نظر انداز کر دیں۔',
    },
  };
  const { subject, lines, closing } = t[language];
  return linkEmail(language, to, subject, undefined, lines, link, closing);
}

export function passwordResetEmail(to: string, name: string, link: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[]; closing: string }> = {
    en: {
      subject: 'Reset your password',
      lines: ['We received a request to reset your password. Choose a new one with this link:'],
      closing: 'The link expires in 1 hour and works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
    },
    ur: {
      subject: 'اپنا پاس ورڈ دوبارہ بنائیں',
      lines: ['ہمیں آپ کا پاس ورڈ دوبارہ بنانے کی درخواست موصول ہوئی ہے۔ اس لنک سے نیا پاس ورڈ منتخب کریں:'],
      closing: 'یہ لنک 1 گھنٹے تک کارآمد ہے اور صرف ایک بار کام کرتا ہے۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کر دیں: آپ کا پاس ورڈ پہلے جیسا ہی رہے گا۔',
    },
  };
  const { subject, lines, closing } = t[language];
  return linkEmail(language, to, subject, name, lines, link, closing);
}

/** To the owner of an email someone tried to register again (in the owner's language): says so without telling the registrant. */
export function alreadyRegisteredEmail(to: string, name: string, loginLink: string, resetLink: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[]; closing: string }> = {
    en: {
      subject: 'You already have an account',
      lines: [
        'Someone, perhaps you, tried to create a new Umrah Committee account with this email address. You already have an account, so no new one was created.',
        `If you forgot your password, you can choose a new one here: ${resetLink}`,
        'To sign in, open this link:',
      ],
      closing: 'If this was not you, you can ignore this email: your account is unchanged.',
    },
    ur: {
      subject: 'آپ کا اکاؤنٹ پہلے سے موجود ہے',
      lines: [
        'کسی نے، شاید آپ نے، اس ای میل ایڈریس سے عمرہ کمیٹی کا نیا اکاؤنٹ بنانے کی کوشش کی۔ آپ کا اکاؤنٹ پہلے سے موجود ہے، اس لیے کوئی نیا اکاؤنٹ نہیں بنایا گیا۔',
        `اگر آپ اپنا پاس ورڈ بھول گئے ہیں تو یہاں نیا پاس ورڈ منتخب کر سکتے ہیں: ${resetLink}`,
        'لاگ اِن کرنے کے لیے یہ لنک کھولیں:',
      ],
      closing: 'اگر یہ آپ نہیں تھے تو اس ای میل کو نظر انداز کر دیں: آپ کے اکاؤنٹ میں کوئی تبدیلی نہیں ہوئی۔',
    },
  };
  const { subject, lines, closing } = t[language];
  return linkEmail(language, to, subject, name, lines, loginLink, closing);
}

/**
 * To a new address whose registration was not created because its CNIC belongs to another account.
 * The address is not proven to be the registrant's: no name in it; the language chosen at registration.
 */
export function cnicTakenEmail(to: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[] }> = {
    en: {
      subject: 'Your registration was not completed',
      lines: [
        'We could not create your Umrah Committee account: the CNIC you entered is already registered with another account.',
        'If that account is yours, sign in with its email address. Otherwise, please contact support.',
      ],
    },
    ur: {
      subject: 'آپ کی رجسٹریشن مکمل نہیں ہو سکی',
      lines: [
        'ہم آپ کا عمرہ کمیٹی اکاؤنٹ نہیں بنا سکے: آپ کا درج کردہ شناختی کارڈ نمبر پہلے ہی کسی دوسرے اکاؤنٹ کے ساتھ رجسٹرڈ ہے۔',
        'اگر وہ اکاؤنٹ آپ کا ہے تو اسی کے ای میل ایڈریس سے لاگ اِن کریں۔ ورنہ براہِ کرم ہم سے رابطہ کریں۔',
      ],
    },
  };
  return plainEmail(language, to, t[language].subject, undefined, t[language].lines);
}

/** After a sign-in with a two-factor recovery code: how many are left, and from where, if known. */
export function recoveryCodeUsedEmail(to: string, name: string, remaining: number, ip: string | undefined, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[] }> = {
    en: {
      subject: 'A recovery code was used to sign in',
      lines: [
        'A recovery code was just used to sign in to your Umrah Committee account instead of a code from your authenticator app.',
        ...(ip ? [`The sign-in came from the address ${ip}.`] : []),
        `You have ${remaining} unused recovery ${remaining === 1 ? 'code' : 'codes'} left. You can make a new set on your profile page.`,
        'If this was not you, change your password now and make new recovery codes.',
      ],
    },
    ur: {
      subject: 'لاگ اِن کے لیے ریکوری کوڈ استعمال ہوا',
      lines: [
        'ابھی آپ کے عمرہ کمیٹی اکاؤنٹ میں لاگ اِن کے لیے تصدیقی ایپ کے کوڈ کی جگہ ایک ریکوری کوڈ استعمال کیا گیا۔',
        ...(ip ? [`یہ لاگ اِن ${ip} ایڈریس سے ہوا۔`] : []),
        `آپ کے پاس ${remaining} غیر استعمال شدہ ریکوری کوڈ باقی ${remaining === 1 ? 'ہے' : 'ہیں'}۔ آپ اپنے پروفائل کے صفحے پر نئے کوڈ بنا سکتے ہیں۔`,
        'اگر یہ آپ نہیں تھے تو فوراً اپنا پاس ورڈ بدلیں اور نئے ریکوری کوڈ بنائیں۔',
      ],
    },
  };
  return plainEmail(language, to, t[language].subject, name, t[language].lines, 'security');
}

export function recoveryCodeUsedNotice(language: Language, remaining: number): NoticeText {
  return {
    en: {
      title: 'Recovery code used',
      message: `A recovery code was used to sign in to your account. ${remaining} unused ${remaining === 1 ? 'code is' : 'codes are'} left. If this was not you, change your password and make new recovery codes.`,
    },
    ur: {
      title: 'ریکوری کوڈ استعمال ہوا',
      message: `آپ کے اکاؤنٹ میں لاگ اِن کے لیے ایک ریکوری کوڈ استعمال کیا گیا۔ ${remaining} غیر استعمال شدہ ${remaining === 1 ? 'کوڈ باقی ہے' : 'کوڈ باقی ہیں'}۔ اگر یہ آپ نہیں تھے تو اپنا پاس ورڈ بدلیں اور نئے ریکوری کوڈ بنائیں۔`,
    },
  }[language];
}

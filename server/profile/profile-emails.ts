/**
 * The emails of a change of address: the link to confirm the new one, and the notice to an address
 * already in use; in English and Urdu, on the layout of mail/layout.ts.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, linkEmail } from '../mail/layout.ts';
import type { OutgoingEmail } from '../mail/transport.ts';

/** To the new address of an email change: proves it belongs to the person. Not yet proven theirs: no name in it. */
export function confirmNewEmailEmail(to: string, link: string, currentEmail: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[]; closing: string }> = {
    en: {
      subject: 'Confirm your new email address',
      lines: ['Please confirm that this is your new email address for Umrah Committee:'],
      closing: `The link expires in 24 hours and works once. Until then you sign in with ${currentEmail}. If you did not ask for this, you can ignore this email.`,
    },
    ur: {
      subject: 'اپنے نئے ای میل ایڈریس کی تصدیق کریں',
      lines: ['براہِ کرم تصدیق کریں کہ عمرہ کمیٹی کے لیے یہ آپ کا نیا ای میل ایڈریس ہے:'],
      closing: `یہ لنک 24 گھنٹے تک کارآمد ہے اور صرف ایک بار کام کرتا ہے۔ تب تک آپ ${currentEmail} سے لاگ اِن کریں گے۔ اگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کر دیں۔`,
    },
  };
  const { subject, lines, closing } = t[language];
  return linkEmail(language, to, subject, undefined, lines, link, closing);
}

/**
 * To the owner of an address another account tried to move its email to: no link, and nothing of
 * the other account (no name, no address). The person who asked is answered as for any email change.
 */
export function emailInUseNoticeEmail(to: string, name: string, loginLink: string, language: Language): OutgoingEmail {
  const t: Both<{ subject: string; lines: string[]; closing: string }> = {
    en: {
      subject: 'Someone tried to use your email address',
      lines: [
        'Someone tried to change the email address of another Umrah Committee account to this one. This address already belongs to your account, so nothing was changed.',
        'To sign in, open this link:',
      ],
      closing: 'You do not need to do anything: your account is unchanged.',
    },
    ur: {
      subject: 'کسی نے آپ کا ای میل ایڈریس استعمال کرنے کی کوشش کی',
      lines: [
        'کسی نے عمرہ کمیٹی کے ایک دوسرے اکاؤنٹ کا ای میل ایڈریس بدل کر یہ ایڈریس رکھنے کی کوشش کی۔ یہ ایڈریس پہلے ہی آپ کے اکاؤنٹ کا ہے، اس لیے کچھ تبدیل نہیں کیا گیا۔',
        'لاگ اِن کرنے کے لیے یہ لنک کھولیں:',
      ],
      closing: 'آپ کو کچھ کرنے کی ضرورت نہیں: آپ کے اکاؤنٹ میں کوئی تبدیلی نہیں ہوئی۔',
    },
  };
  const { subject, lines, closing } = t[language];
  return linkEmail(language, to, subject, name, lines, loginLink, closing);
}

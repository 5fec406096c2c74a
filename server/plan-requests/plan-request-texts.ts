/**
 * The notices of a plan request: new (to the admins), approved with its group, refused with the
 * reason, and a member placed in a group; in English and Urdu.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, type NoticeText, typed, noticeEmailParts } from '../mail/layout.ts';
import type { OutgoingEmail } from '../mail/transport.ts';

/** To the administrators: a member asked to join a plan. */
export function planRequestNewNotice(language: Language, planName: string): NoticeText {
  return {
    en: { title: 'New plan request', message: `A member asked to join ${planName}.` },
    ur: { title: 'کمیٹی پلان کی نئی درخواست', message: `ایک رکن نے ${typed('ur', planName)} میں شامل ہونے کی درخواست کی ہے۔` },
  }[language];
}

export function planApprovedNotice(language: Language, planName: string, groupNumber: string, memberNumber: number): NoticeText {
  return {
    en: { title: 'Plan request approved', message: `Your request for ${planName} was approved. You are member ${memberNumber} of Group ${groupNumber}.` },
    ur: { title: 'کمیٹی پلان کی درخواست منظور', message: `${typed('ur', planName)} کے لیے آپ کی درخواست منظور ہو گئی ہے۔ آپ گروپ نمبر ${groupNumber} کے رکن نمبر ${memberNumber} ہیں۔` },
  }[language];
}

export function planApprovedEmail(language: Language, to: string, name: string, notice: NoticeText, scheduleLink: string): OutgoingEmail {
  const t: Both<{ subject: string; link: string }> = {
    en: { subject: 'Your plan request was approved', link: 'See your payment schedule' },
    ur: { subject: 'آپ کی کمیٹی پلان کی درخواست منظور ہو گئی', link: 'اپنی اقساط کا شیڈول دیکھیں' },
  };
  return { to, subject: t[language].subject, ...noticeEmailParts(language, name, notice.message, scheduleLink, { label: t[language].link }) };
}

/** `planName` is undefined when the plan is gone. */
export function planRejectedNotice(language: Language, planName: string | undefined, reason: string): NoticeText {
  return {
    en: { title: 'Plan request rejected', message: `Your request for ${planName ?? 'the plan'} was not approved: ${typed('en', reason, { endsSentence: true })}. You may send a new request.` },
    ur: {
      title: 'کمیٹی پلان کی درخواست مسترد',
      message: `${planName ? typed('ur', planName) : 'کمیٹی پلان'} کے لیے آپ کی درخواست منظور نہیں ہوئی: ${typed('ur', reason, { endsSentence: true })}۔ آپ نئی درخواست بھیج سکتے ہیں۔`,
    },
  }[language];
}

export const planRejectedSubject: Both = { en: 'Your plan request was not approved', ur: 'آپ کی کمیٹی پلان کی درخواست منظور نہیں ہوئی' };

export function groupJoinedNotice(language: Language, planName: string, groupNumber: string, memberNumber: number): NoticeText {
  return {
    en: { title: 'Added to a group', message: `You were added to ${planName}, Group ${groupNumber}, as member ${memberNumber}.` },
    ur: { title: 'آپ کو گروپ میں شامل کر لیا گیا', message: `آپ کو ${typed('ur', planName)} کے گروپ نمبر ${groupNumber} میں رکن نمبر ${memberNumber} کے طور پر شامل کر لیا گیا ہے۔` },
  }[language];
}

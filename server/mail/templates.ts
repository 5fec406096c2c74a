/**
 * The texts the product sends to people: emails, and the in-app notifications that tell of the same
 * events. Each exists in English and Urdu, the two side by side, and the recipient's own language
 * (`users.language`) picks one; the English texts are the specification's, word for word. Urdu follows
 * docs/urdu-glossary.md: amounts (PKR 5,000), numbers and dates in Western digits, months in Urdu.
 *
 * Emails are plain text first (phones, plain mail clients); the account emails also carry a simple
 * HTML copy, marked right-to-left in Urdu. The overdue and reminder jobs write their rows in SQL: they
 * read the same texts here, with {placeholders} that server/mail/sql-text.ts fills with SQL expressions.
 */
import type { Language } from '../../contract/accounts.ts';
import type { OutgoingEmail } from './transport.ts';

export type { Language };

/** One text in both languages. */
type Both<T = string> = Record<Language, T>;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const URDU_MONTHS = ['جنوری', 'فروری', 'مارچ', 'اپریل', 'مئی', 'جون', 'جولائی', 'اگست', 'ستمبر', 'اکتوبر', 'نومبر', 'دسمبر'];

/** "March 2026" / "مارچ 2026". */
export function periodName(language: Language, month: number, year: number): string {
  return `${(language === 'ur' ? URDU_MONTHS : ENGLISH_MONTHS)[month - 1]} ${year}`;
}

export const signature: Both = { en: 'Umrah Committee', ur: 'عمرہ کمیٹی' };

/**
 * "Assalam-o-Alaikum Name," to a proven address of that person; just "Assalam-o-Alaikum," where the
 * address is not yet proven to be theirs (a registration, a new email): a name someone typed never
 * reaches a stranger's inbox.
 */
export function greeting(language: Language, name: string | undefined): string {
  if (language === 'ur') return name ? `السلام علیکم ${name}،` : 'السلام علیکم،';
  return name ? `Assalam-o-Alaikum ${name},` : 'Assalam-o-Alaikum,';
}

/** The HTML copy: Urdu reads right to left, and mail clients are told which language it is. */
function htmlCopy(language: Language, paragraphs: string): string {
  return language === 'ur' ? `<div dir="rtl" lang="ur">${paragraphs}</div>` : paragraphs;
}

function linkEmail(
  language: Language,
  to: string,
  subject: string,
  greetingName: string | undefined,
  lines: string[],
  link: string,
  closing: string,
): OutgoingEmail {
  const hello = greeting(language, greetingName);
  const text = [hello, '', ...lines, '', link, '', closing, '', signature[language]].join('\n');
  const html = htmlCopy(
    language,
    `<p>${escapeHtml(hello)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(closing)}</p><p>${signature[language]}</p>`,
  );
  return { to, subject, text, html };
}

function plainEmail(language: Language, to: string, subject: string, greetingName: string | undefined, lines: string[]): OutgoingEmail {
  const hello = greeting(language, greetingName);
  const text = [hello, '', ...lines, '', signature[language]].join('\n');
  const html = htmlCopy(language, `<p>${escapeHtml(hello)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${signature[language]}</p>`);
  return { to, subject, text, html };
}

/* ---------------------------------------------------------------------------------------------- */
/* Account emails                                                                                 */
/* ---------------------------------------------------------------------------------------------- */

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
  return linkEmail(language, to, subject, name, lines, loginLink, closing);
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
  return plainEmail(language, to, t[language].subject, name, t[language].lines);
}

/* ---------------------------------------------------------------------------------------------- */
/* Notices: an in-app notification's title and message, which the member's email repeats         */
/* ---------------------------------------------------------------------------------------------- */

export type NoticeText = { title: string; message: string };

/**
 * Text someone typed (an administrator's reason, a plan's name) inside a sentence of ours. In Urdu it is
 * isolated (U+2068 … U+2069), so that Latin words or digits in it keep their own order inside the
 * right-to-left sentence and do not reorder the words around them. `endsSentence`: it is followed by our
 * full stop, so its own closing stop (".", "۔", "!", "?") is left off rather than written twice.
 */
export function typed(language: Language, text: string, { endsSentence = false }: { endsSentence?: boolean } = {}): string {
  const trimmed = endsSentence ? text.trim().replace(/[.۔]+$/u, '') : text;
  return language === 'ur' ? `\u2068${trimmed}\u2069` : trimmed;
}

/** The text of a notice email: greeting, paragraphs, signature. The jobs build the same in SQL (sql-text.ts). */
export function noticeEmailText(language: Language, name: string, paragraphs: string[]): string {
  return [greeting(language, name), ...paragraphs, signature[language]].join('\n\n');
}

/** A notice by email, plain text (as these have always been): the message, then the link into the app. */
export function noticeEmail(language: Language, to: string, name: string, subject: string, message: string, link: string): OutgoingEmail {
  return { to, subject, text: noticeEmailText(language, name, [message, link]) };
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
    en: { subject: 'Your plan request was approved', link: `See your payment schedule: ${scheduleLink}` },
    ur: { subject: 'آپ کی کمیٹی پلان کی درخواست منظور ہو گئی', link: `اپنی اقساط کا شیڈول دیکھیں: ${scheduleLink}` },
  };
  return { to, subject: t[language].subject, text: noticeEmailText(language, name, [notice.message, t[language].link]) };
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

export function winnerNotice(language: Language, planName: string, groupNumber: string, period: string): NoticeText {
  return {
    en: { title: 'You won!', message: `Mubarak! You were selected as the winner of ${planName}, Group ${groupNumber}, for ${period}.` },
    ur: { title: 'مبارک ہو، آپ فاتح ہیں!', message: `مبارک ہو! ${period} کے لیے ${typed('ur', planName)}، گروپ نمبر ${groupNumber} کی قرعہ اندازی میں آپ کو فاتح منتخب کیا گیا ہے۔` },
  }[language];
}

/** A moment as the members' clocks show it: "29 November 2026, 14:05 (Pakistan time)". */
export function karachiMoment(language: Language, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const date = `${Number(parts.day)} ${(language === 'ur' ? URDU_MONTHS : ENGLISH_MONTHS)[Number(parts.month) - 1]} ${parts.year}`;
  return language === 'ur' ? `${date}، ${parts.hour}:${parts.minute} (پاکستانی وقت)` : `${date}, ${parts.hour}:${parts.minute} (Pakistan time)`;
}

/**
 * A draw committed (docs/draws.md): what the members need to check it later, told before it is drawn.
 * `entrants`: the frozen list as members see it, in the rule's order.
 */
export function drawCommittedNotice(language: Language, draw: { planName: string; groupNumber: string; period: string; commitment: string; entrants: string[]; drawableAt: Date }): NoticeText {
  const from = karachiMoment(language, draw.drawableAt);
  return {
    en: {
      title: 'A draw is committed',
      message: `The draw for ${draw.planName}, Group ${draw.groupNumber}, ${draw.period} is committed. Its commitment (SHA-256 of the secret seed) is ${draw.commitment}. The members in the draw, in the rule's order: ${draw.entrants.join(', ')}. It can be drawn from ${from}. The group's draw record shows all of it, and after the draw lets you check the winner.`,
    },
    ur: {
      title: 'قرعہ اندازی کی پیشگی مہر شائع ہو گئی',
      message: `${typed('ur', draw.planName)}، گروپ نمبر ${draw.groupNumber} کی ${draw.period} کی قرعہ اندازی کی پیشگی مہر شائع ہو گئی ہے۔ اس کی پیشگی مہر (خفیہ نمبر کا SHA-256) یہ ہے: ${draw.commitment}۔ قرعہ اندازی میں شامل اراکین، قاعدے کی ترتیب سے: ${draw.entrants.join('، ')}۔ قرعہ اندازی ${from} سے ہو سکتی ہے۔ گروپ کے قرعہ اندازی ریکارڈ میں یہ سب موجود ہے، اور قرعہ اندازی کے بعد آپ وہاں فاتح کی جانچ کر سکتے ہیں۔`,
    },
  }[language];
}

/** A draw voided: why, and the seed it would have drawn with, so that anyone can check it too. */
export function drawVoidedNotice(language: Language, draw: { planName: string; groupNumber: string; period: string; cause: 'ADMIN' | 'INELIGIBLE'; reason: string | null; seed: string }): NoticeText {
  const why = {
    en: draw.cause === 'ADMIN' ? `The administrator voided it: ${draw.reason}` : 'The member it picked was no longer eligible when it was drawn.',
    ur: draw.cause === 'ADMIN' ? `منتظم نے اسے کالعدم کیا: ${typed('ur', draw.reason ?? '')}` : 'جس رکن کا نام نکلا وہ قرعہ اندازی کے وقت اہل نہیں رہا تھا۔',
  };
  return {
    en: { title: 'A draw is void', message: `The draw for ${draw.planName}, Group ${draw.groupNumber}, ${draw.period} is void. ${why.en} Its seed is now revealed: ${draw.seed}. The group's draw record shows it; a new draw will be committed.` },
    ur: {
      title: 'قرعہ اندازی کالعدم ہو گئی',
      message: `${typed('ur', draw.planName)}، گروپ نمبر ${draw.groupNumber} کی ${draw.period} کی قرعہ اندازی کالعدم ہو گئی ہے۔ ${why.ur} اس کا خفیہ نمبر اب ظاہر ہے: ${draw.seed}۔ گروپ کے قرعہ اندازی ریکارڈ میں یہ موجود ہے؛ نئی قرعہ اندازی کی پیشگی مہر شائع کی جائے گی۔`,
    },
  }[language];
}

export const winnerSubject: Both = { en: 'You were selected as this month’s winner', ur: 'آپ اس مہینے کے فاتح منتخب ہوئے ہیں' };

/** `amount` as formatPkr writes it (PKR 5,000). */
export function commissionPaidNotice(language: Language, amount: string): NoticeText {
  return {
    en: { title: 'Commission paid', message: `Your referral commission of ${amount} was paid. Please confirm when you receive it.` },
    ur: { title: 'کمیشن ادا کر دیا گیا', message: `آپ کا ${amount} کا ریفرل کمیشن ادا کر دیا گیا ہے۔ رقم موصول ہونے پر براہِ کرم تصدیق کریں۔` },
  }[language];
}

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

/** The last line of a reminder email, before the signature. */
export const reminderEmailsOff: Both = { en: 'You can turn these emails off in your profile.', ur: 'آپ یہ ای میلز اپنے پروفائل میں بند کر سکتے ہیں۔' };

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/* ---------------------------------------------------------------------------------------------- */
/* Security notices (decision 047): what changed, when, from which device and address             */
/* ---------------------------------------------------------------------------------------------- */

/** Where and when a security change was made, as the notice tells it. */
export type ChangeContext = { at: Date; device: string | null; ip: string | null | undefined };

const karachiParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Karachi',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "28 November 2026, 15:04 (Pakistan time)": the business time zone, in words a person reads at once. */
export function karachiTime(language: Language, at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => karachiParts.formatToParts(at).find((p) => p.type === type)!.value;
  const month = Number(part('month'));
  const date = `${Number(part('day'))} ${(language === 'ur' ? URDU_MONTHS : ENGLISH_MONTHS)[month - 1]} ${part('year')}, ${part('hour')}:${part('minute')}`;
  return language === 'ur' ? `${date} (پاکستانی وقت)` : `${date} (Pakistan time)`;
}

/** The lines every security notice ends its facts with: when, from which device, from which address. */
function changeFacts(language: Language, context: ChangeContext): string[] {
  const device = context.device ?? (language === 'ur' ? 'نامعلوم ڈیوائس' : 'Unknown device');
  if (language === 'ur') {
    return [`وقت: ${karachiTime(language, context.at)}`, `ڈیوائس: ${device}`, ...(context.ip ? [`ایڈریس: ${context.ip}`] : [])];
  }
  return [`When: ${karachiTime(language, context.at)}`, `Device: ${device}`, ...(context.ip ? [`Address: ${context.ip}`] : [])];
}

/** A change to one's own account that could hand it to someone else. */
export type OwnSecurityChange =
  | { kind: 'recoveryCodes' }
  | { kind: 'twoFactorSetup' }
  | { kind: 'twoFactorEnabled' }
  | { kind: 'twoFactorDisabled' }
  | { kind: 'passwordChanged' }
  | { kind: 'emailChangeRequested'; newEmail: string }
  | { kind: 'emailChanged'; oldEmail: string; newEmail: string }
  | { kind: 'twoFactorLocked' };

function ownChangeText(language: Language, change: OwnSecurityChange): { subject: string; what: string } {
  if (language === 'ur') {
    switch (change.kind) {
      case 'recoveryCodes':
        return { subject: 'سیکیورٹی اطلاع: نئے ریکوری کوڈ بنائے گئے', what: 'آپ کے عمرہ کمیٹی اکاؤنٹ کے لیے دو مرحلہ تصدیق کے نئے ریکوری کوڈ بنائے گئے۔ پہلے والے کوڈ اب کام نہیں کریں گے۔' };
      case 'twoFactorSetup':
        return { subject: 'سیکیورٹی اطلاع: دو مرحلہ تصدیق کا سیٹ اپ شروع ہوا', what: 'آپ کے عمرہ کمیٹی اکاؤنٹ پر دو مرحلہ تصدیق کا سیٹ اپ شروع کیا گیا۔' };
      case 'twoFactorEnabled':
        return { subject: 'سیکیورٹی اطلاع: دو مرحلہ تصدیق آن کی گئی', what: 'آپ کے عمرہ کمیٹی اکاؤنٹ کے لیے دو مرحلہ تصدیق آن کی گئی، اور آپ کے دوسرے آلات سے لاگ آؤٹ کر دیا گیا۔' };
      case 'twoFactorDisabled':
        return { subject: 'سیکیورٹی اطلاع: دو مرحلہ تصدیق بند کی گئی', what: 'آپ کے عمرہ کمیٹی اکاؤنٹ کے لیے دو مرحلہ تصدیق بند کی گئی، اور آپ کے دوسرے آلات سے لاگ آؤٹ کر دیا گیا۔' };
      case 'passwordChanged':
        return { subject: 'سیکیورٹی اطلاع: آپ کا پاس ورڈ بدلا گیا', what: 'آپ کے عمرہ کمیٹی اکاؤنٹ کا پاس ورڈ بدلا گیا، اور آپ کے دوسرے آلات سے لاگ آؤٹ کر دیا گیا۔' };
      case 'emailChangeRequested':
        return {
          subject: 'سیکیورٹی اطلاع: ای میل بدلنے کی درخواست',
          what: `آپ کے عمرہ کمیٹی اکاؤنٹ کا ای میل ایڈریس ${change.newEmail} میں بدلنے کی درخواست کی گئی۔ ای میل تب ہی بدلے گا جب وہاں بھیجا گیا لنک کھولا جائے۔`,
        };
      case 'emailChanged':
        return { subject: 'سیکیورٹی اطلاع: آپ کا ای میل ایڈریس بدلا گیا', what: `آپ کے عمرہ کمیٹی اکاؤنٹ کا ای میل ایڈریس ${change.oldEmail} سے بدل کر ${change.newEmail} کر دیا گیا۔` };
      case 'twoFactorLocked':
        return {
          subject: 'سیکیورٹی اطلاع: دو مرحلہ تصدیق کے کوڈ 15 منٹ کے لیے بند',
          what: 'آپ کے عمرہ کمیٹی اکاؤنٹ کے لیے لگاتار 5 غلط تصدیقی کوڈ درج کیے گئے، اس لیے اگلے 15 منٹ تک کوئی کوڈ قبول نہیں کیا جائے گا۔ کوڈ صرف درست پاس ورڈ کے بعد یا لاگ اِن سیشن میں مانگا جاتا ہے۔',
        };
    }
  }
  switch (change.kind) {
    case 'recoveryCodes':
      return { subject: 'Security notice: new recovery codes were made', what: 'A new set of two-factor recovery codes was made for your Umrah Committee account. The codes made before no longer work.' };
    case 'twoFactorSetup':
      return { subject: 'Security notice: two-factor sign-in set-up started', what: 'A set-up of two-factor sign-in was started on your Umrah Committee account.' };
    case 'twoFactorEnabled':
      return { subject: 'Security notice: two-factor sign-in was turned on', what: 'Two-factor sign-in was turned on for your Umrah Committee account, and your other devices were signed out.' };
    case 'twoFactorDisabled':
      return { subject: 'Security notice: two-factor sign-in was turned off', what: 'Two-factor sign-in was turned off for your Umrah Committee account, and your other devices were signed out.' };
    case 'passwordChanged':
      return { subject: 'Security notice: your password was changed', what: 'The password of your Umrah Committee account was changed, and your other devices were signed out.' };
    case 'emailChangeRequested':
      return {
        subject: 'Security notice: a change of your email was asked for',
        what: `A change of the email address of your Umrah Committee account to ${change.newEmail} was asked for. It changes only once the link sent there is opened.`,
      };
    case 'emailChanged':
      return { subject: 'Security notice: your email address was changed', what: `The email address of your Umrah Committee account was changed from ${change.oldEmail} to ${change.newEmail}.` };
    case 'twoFactorLocked':
      return {
        subject: 'Security notice: two-factor codes locked for 15 minutes',
        what: 'Five wrong two-factor codes in a row were entered for your Umrah Committee account, so no code is accepted for the next 15 minutes. A code is asked for only after the right password, or in a signed-in session.',
      };
  }
}

const notYou: Both = {
  en: 'If this was you, you need not do anything. If it was not, change your password now and contact support.',
  ur: 'اگر یہ آپ تھے تو آپ کو کچھ کرنے کی ضرورت نہیں۔ اگر یہ آپ نہیں تھے تو فوراً اپنا پاس ورڈ بدلیں اور سپورٹ سے رابطہ کریں۔',
};

/**
 * To the owner (and, for an email change, to the old address and the new one): what changed, when,
 * from which device and address. Never a link: a notice that something happened is not a way in.
 */
export function ownSecurityNoticeEmail(to: string, name: string, change: OwnSecurityChange, context: ChangeContext, language: Language): OutgoingEmail {
  const { subject, what } = ownChangeText(language, change);
  return plainEmail(language, to, subject, name, [what, ...changeFacts(language, context), notYou[language]]);
}

/** A change an administrator made that every administrator is told of. */
export type AdminSecurityChange =
  | { kind: 'roleChanged'; member: string; email: string; from: string; to: string }
  | { kind: 'bankAccount'; action: 'created' | 'updated' | 'activated' | 'deactivated' | 'madeDefault' | 'deleted'; account: string; bank: string; number: string };

const roleWords: Both<Record<string, string>> = { en: { ADMIN: 'Administrator', USER: 'User' }, ur: { ADMIN: 'ایڈمنسٹریٹر', USER: 'صارف' } };
const bankActionWords: Both<Record<Extract<AdminSecurityChange, { kind: 'bankAccount' }>['action'], string>> = {
  en: { created: 'added', updated: 'changed', activated: 'activated', deactivated: 'deactivated', madeDefault: 'made the default', deleted: 'deleted' },
  ur: { created: 'شامل کیا', updated: 'تبدیل کیا', activated: 'فعال کیا', deactivated: 'غیر فعال کیا', madeDefault: 'ڈیفالٹ بنایا', deleted: 'حذف کیا' },
};

function adminChangeText(language: Language, change: AdminSecurityChange, actor: string): { subject: string; what: string } {
  if (change.kind === 'roleChanged') {
    const from = roleWords[language][change.from] ?? change.from;
    const to = roleWords[language][change.to] ?? change.to;
    return language === 'ur'
      ? { subject: 'سیکیورٹی اطلاع: ایک صارف کا کردار بدلا گیا', what: `${actor} نے ${change.member} (${change.email}) کا کردار ${from} سے بدل کر ${to} کر دیا۔` }
      : { subject: 'Security notice: a user’s role was changed', what: `${actor} changed the role of ${change.member} (${change.email}) from ${from} to ${to}.` };
  }
  const action = bankActionWords[language][change.action];
  return language === 'ur'
    ? { subject: 'سیکیورٹی اطلاع: ادائیگی کا بینک اکاؤنٹ بدلا گیا', what: `${actor} نے وہ بینک اکاؤنٹ ${action} جس میں ممبر ادائیگی کرتے ہیں: ${change.account}، ${change.bank}، اکاؤنٹ نمبر ${change.number}۔` }
    : { subject: 'Security notice: a bank account members pay into was changed', what: `${actor} ${action} a bank account members pay into: ${change.account}, ${change.bank}, account number ${change.number}.` };
}

const checkIt: Both = {
  en: 'Every administrator gets this notice. If the change was not meant, check it in the admin area now.',
  ur: 'یہ اطلاع ہر ایڈمنسٹریٹر کو بھیجی جاتی ہے۔ اگر یہ تبدیلی ارادی نہیں تھی تو ابھی ایڈمن ایریا میں اسے دیکھیں۔',
};

/** To every administrator, the actor included: an admin-level change, who made it, when, from which device and address. */
export function adminSecurityNoticeEmail(to: string, name: string, change: AdminSecurityChange, actor: string, context: ChangeContext, language: Language): OutgoingEmail {
  const { subject, what } = adminChangeText(language, change, actor);
  return plainEmail(language, to, subject, name, [what, ...changeFacts(language, context), checkIt[language]]);
}

/**
 * The security notices (decision 047): what changed on an account, when, from which device and address,
 * to its owner and to every administrator, in English and Urdu; the layout is mail/layout.ts.
 */
import type { Language } from '../../contract/accounts.ts';
import { type Both, plainEmail, type ChangeContext, karachiTime } from '../mail/layout.ts';
import type { OutgoingEmail } from '../mail/transport.ts';

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
  | { kind: 'passwordSetByAdmin' }
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
      case 'passwordSetByAdmin':
        return {
          subject: 'سیکیورٹی اطلاع: ایڈمنسٹریٹر نے آپ کا نیا پاس ورڈ مقرر کیا',
          what: 'ایک ایڈمنسٹریٹر نے آپ کے عمرہ کمیٹی اکاؤنٹ کا نیا پاس ورڈ مقرر کیا، اور آپ کے تمام آلات سے لاگ آؤٹ کر دیا گیا۔ ایڈمنسٹریٹر کے دیے ہوئے نئے پاس ورڈ سے لاگ اِن کریں۔',
        };
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
    case 'passwordSetByAdmin':
      return {
        subject: 'Security notice: an administrator set a new password for you',
        what: 'An administrator set a new password for your Umrah Committee account, and all your devices were signed out. Sign in with the new password the administrator gives you.',
      };
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

const notAsked: Both = {
  en: 'If you did not ask for a new password, contact support now.',
  ur: 'اگر آپ نے نیا پاس ورڈ نہیں مانگا تھا تو فوراً سپورٹ سے رابطہ کریں۔',
};

/**
 * To the owner (and, for an email change, to the old address and the new one): what changed, when,
 * from which device and address. Never a link: a notice that something happened is not a way in.
 */
export function ownSecurityNoticeEmail(to: string, name: string, change: OwnSecurityChange, context: ChangeContext, language: Language): OutgoingEmail {
  const { subject, what } = ownChangeText(language, change);
  // An administrator's change says when, not from which device or address (those are the administrator's),
  // and the owner, signed out, is sent to support rather than to change a password they cannot reach.
  if (change.kind === 'passwordSetByAdmin') return plainEmail(language, to, subject, name, [what, changeFacts(language, context)[0], notAsked[language]], 'security');
  return plainEmail(language, to, subject, name, [what, ...changeFacts(language, context), notYou[language]], 'security');
}

/** The same notice on a device or phone: its subject as the title and what changed as the body. */
export function ownSecurityNoticeText(language: Language, change: OwnSecurityChange): { title: string; body: string } {
  const { subject, what } = ownChangeText(language, change);
  return { title: subject, body: what };
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
  return plainEmail(language, to, subject, name, [what, ...changeFacts(language, context), checkIt[language]], 'security');
}

/** The same notice on a device or phone. */
export function adminSecurityNoticeText(language: Language, change: AdminSecurityChange, actor: string): { title: string; body: string } {
  const { subject, what } = adminChangeText(language, change, actor);
  return { title: subject, body: what };
}

/**
 * How the texts the product sends to people are laid out: emails, and the in-app notifications that
 * tell of the same events. Each domain writes its own texts beside it (accounts/account-emails.ts,
 * winners/winner-texts.ts, …), in English and Urdu side by side, and the recipient's own language
 * (`users.language`) picks one; the English texts are the specification's, word for word. Urdu follows
 * docs/urdu-glossary.md: amounts (PKR 5,000), numbers and dates in Western digits, months in Urdu.
 * Here: the greeting and signature, the email layout, month names and Pakistan time, and typed text
 * isolated inside an Urdu sentence.
 *
 * Every email has a text part and an HTML part, both rendered from the same paragraphs by renderEmail,
 * the HTML marked right-to-left in Urdu. The overdue and reminder jobs and the group notices write their
 * rows in SQL: they render the same layout with {placeholders} that server/mail/sql-text.ts fills with
 * SQL expressions.
 */
import type { Language } from '../../contract/accounts.ts';
import type { OutgoingEmail } from './transport.ts';

export type { Language };

/** One text in both languages. */
export type Both<T = string> = Record<Language, T>;

/** Text as HTML: every value in an email, and the unsubscribe page. */
export const escapeHtml = (value: string) =>
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

export type NoticeText = { title: string; message: string };

/** Why the recipient got an email: the footer says so in a line. */
export type EmailReason = 'account' | 'security' | 'notice' | 'reminder';

const reasons: Both<Record<EmailReason, string>> = {
  en: {
    account: 'You got this email because this address was given to Umrah Committee.',
    security: 'You got this email because it concerns the security of your Umrah Committee account.',
    notice: 'You got this email because you are a member of Umrah Committee.',
    reminder: 'You got this email because payment reminder emails are on in your profile.',
  },
  ur: {
    account: 'آپ کو یہ ای میل اس لیے ملی کہ یہ ایڈریس عمرہ کمیٹی پر درج کیا گیا۔',
    security: 'آپ کو یہ ای میل اس لیے ملی کہ اس کا تعلق آپ کے عمرہ کمیٹی اکاؤنٹ کی حفاظت سے ہے۔',
    notice: 'آپ کو یہ ای میل اس لیے ملی کہ آپ عمرہ کمیٹی کے ممبر ہیں۔',
    reminder: 'آپ کو یہ ای میل اس لیے ملی کہ آپ کے پروفائل میں قسط کی یاد دہانی کی ای میلز چالو ہیں۔',
  },
};

const unsubscribeWords: Both = { en: 'Turn off reminder emails with one click', ur: 'ایک کلک میں یاد دہانی کی ای میلز بند کریں' };

/** The words of an email's one main link, drawn as a button in the HTML part. */
export const actionLabels: Both<{ link: string; app: string }> = {
  en: { link: 'Open the link', app: 'Open Umrah Committee' },
  ur: { link: 'لنک کھولیں', app: 'عمرہ کمیٹی کھولیں' },
};

/** What an email says, once; renderEmail lays it out as text and as HTML. */
export type EmailContent = {
  /** Undefined: the address is not proven to be the person's (see greeting). */
  greetingName: string | undefined;
  paragraphs: string[];
  /** The one main link: a button in HTML, "label: address" in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the link. */
  closing?: string[];
  reason: EmailReason;
  /** The one-click unsubscribe address of a reminder (List-Unsubscribe), shown in the footer too. */
  unsubscribeUrl?: string;
};

// System fonts only: phones and desktops that read Urdu have one of these with Arabic-script letters.
const FONTS = `-apple-system, 'Segoe UI', Tahoma, 'Noto Naskh Arabic', 'Noto Sans', Roboto, Arial, sans-serif`;
const BRAND = '#0f5132';

/**
 * Both parts of an email from the same paragraphs, so that they never differ in words: the text part
 * for plain mail clients, and an HTML part for phones, one column at most 560px wide with 16px text, the
 * product's name at the top, the main link as a large button and a plain footer (the name, why the
 * person got it, and for reminders the one-click unsubscribe link). A small table layout, as mail
 * clients read it (decision 054). Every value is escaped, and the jobs build the same in SQL with
 * {placeholders} (sql-text.ts), which escaping leaves as they are.
 */
export function renderEmail(language: Language, content: EmailContent): { text: string; html: string } {
  const hello = greeting(language, content.greetingName);
  const action = content.action ? `${content.action.label}: ${content.action.url}` : undefined;
  const footer = [signature[language], reasons[language][content.reason]];
  if (content.unsubscribeUrl) footer.push(`${unsubscribeWords[language]}: ${content.unsubscribeUrl}`);
  const text = [hello, ...content.paragraphs, ...(action ? [action] : []), ...(content.closing ?? []), signature[language], `-- \n${footer.join('\n')}`].join('\n\n');

  const dir = language === 'ur' ? 'rtl' : 'ltr';
  const align = language === 'ur' ? 'right' : 'left';
  const lineHeight = language === 'ur' ? '1.9' : '1.6';
  const p = (words: string) => `<p style="margin:0 0 16px">${escapeHtml(words)}</p>`;
  const button = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:${BRAND}"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:14px 24px;font-family:${FONTS};font-size:17px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a></td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:14px;word-break:break-all"><a href="${escapeHtml(content.action.url)}" style="color:${BRAND}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const unsubscribe = content.unsubscribeUrl
    ? `<br><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#52606d">${escapeHtml(unsubscribeWords[language])}</a>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div dir="${dir}" lang="${language}" style="background:#f3f4f6;padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:16px 24px;background:${BRAND};border-radius:8px 8px 0 0;color:#ffffff;font-family:${FONTS};font-size:20px;font-weight:bold;text-align:${align}">${escapeHtml(signature[language])}</td></tr>
<tr><td style="padding:24px;color:#1f2933;font-family:${FONTS};font-size:16px;line-height:${lineHeight};text-align:${align}">
${[p(hello), ...content.paragraphs.map(p), button, ...(content.closing ?? []).map(p), p(signature[language])].join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#52606d;font-family:${FONTS};font-size:14px;line-height:${lineHeight};text-align:${align}">${escapeHtml(signature[language])}<br>${escapeHtml(reasons[language][content.reason])}${unsubscribe}</td></tr>
</table>
</div>
</body></html>`;
  return { text, html };
}

/** An email whose main link is a one-time link (verify, reset) or the sign-in page. */
export function linkEmail(
  language: Language,
  to: string,
  subject: string,
  greetingName: string | undefined,
  lines: string[],
  link: string,
  closing: string,
  reason: EmailReason = 'account',
): OutgoingEmail {
  return { to, subject, ...renderEmail(language, { greetingName, paragraphs: lines, action: { label: actionLabels[language].link, url: link }, closing: [closing], reason }) };
}

export function plainEmail(language: Language, to: string, subject: string, greetingName: string | undefined, lines: string[], reason: EmailReason = 'account'): OutgoingEmail {
  return { to, subject, ...renderEmail(language, { greetingName, paragraphs: lines, reason }) };
}

/**
 * A notice by email: the message, then the link into the app. The jobs fill the same layout in SQL with
 * {placeholders} (sql-text.ts sqlEmail).
 */
export function noticeEmailParts(language: Language, name: string, message: string, link: string, options: { reason?: EmailReason; label?: string; unsubscribeUrl?: string } = {}) {
  return renderEmail(language, {
    greetingName: name,
    paragraphs: [message],
    action: { label: options.label ?? actionLabels[language].app, url: link },
    reason: options.reason ?? 'notice',
    unsubscribeUrl: options.unsubscribeUrl,
  });
}

export function noticeEmail(language: Language, to: string, name: string, subject: string, message: string, link: string): OutgoingEmail {
  return { to, subject, ...noticeEmailParts(language, name, message, link) };
}

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

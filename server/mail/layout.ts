/**
 * How the texts the product sends to people are laid out: emails, and the in-app notifications that
 * tell of the same events. Each domain writes its own texts beside it (accounts/account-emails.ts,
 * winners/winner-texts.ts, …), in English and Urdu side by side, and the recipient's own language
 * (`users.language`) picks one; the English texts are the specification's, word for word. Urdu follows
 * docs/urdu-glossary.md: amounts (PKR 5,000), numbers and dates in Western digits, months in Urdu.
 * Here: the greeting and signature, the email layouts, month names and Pakistan time, and typed text
 * isolated inside an Urdu sentence.
 *
 * Emails are plain text first (phones, plain mail clients); the account emails also carry a simple
 * HTML copy, marked right-to-left in Urdu. The overdue and reminder jobs write their rows in SQL: they
 * read the same texts, with {placeholders} that server/mail/sql-text.ts fills with SQL expressions.
 */
import type { Language } from '../../contract/accounts.ts';
import type { OutgoingEmail } from './transport.ts';

export type { Language };

/** One text in both languages. */
export type Both<T = string> = Record<Language, T>;

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

export function linkEmail(
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

export function plainEmail(language: Language, to: string, subject: string, greetingName: string | undefined, lines: string[]): OutgoingEmail {
  const hello = greeting(language, greetingName);
  const text = [hello, '', ...lines, '', signature[language]].join('\n');
  const html = htmlCopy(language, `<p>${escapeHtml(hello)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${signature[language]}</p>`);
  return { to, subject, text, html };
}

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

/**
 * The domains' texts (instalments/instalment-texts.ts, reminders/reminder-texts.ts) as SQL expressions,
 * for the jobs that write notifications and emails in one statement (overdue-job.ts, reminder-service.ts): the words stay in those files, and only the values
 * (a month, an amount, a name) come from the rows.
 */
import type { Language } from '../../contract/accounts.ts';
import { URDU_MONTHS } from './layout.ts';

/** A string as an SQL literal. */
export function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A text with {placeholders} as an SQL expression: each placeholder becomes the expression given for it. */
export function sqlText(template: string, values: Record<string, string>): string {
  const parts = template.split(/\{(\w+)\}/);
  return parts
    .map((part, i) => {
      if (i % 2 === 0) return part === '' ? undefined : sqlLiteral(part);
      const expression = values[part];
      if (expression === undefined) throw new Error(`no SQL value for {${part}}`);
      return `(${expression})`;
    })
    .filter((part) => part !== undefined)
    .join(' || ');
}

/** SQL: a text expression escaped for HTML, as layout.ts escapes a value (& < > " '). */
export function sqlEscapeHtml(expression: string): string {
  return `replace(replace(replace(replace(replace(${expression}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
}

/**
 * Both parts of an email that layout.ts rendered with {placeholders}, as SQL expressions: the text part
 * filled as sqlText does, the HTML part with each value escaped, so that a name someone typed is text
 * in it and never markup.
 */
export function sqlEmail(email: { text: string; html: string }, values: Record<string, string>): { text: string; html: string } {
  const escaped = Object.fromEntries(Object.entries(values).map(([name, expression]) => [name, sqlEscapeHtml(expression)]));
  return { text: sqlText(email.text, values), html: sqlText(email.html, escaped) };
}

/** SQL: the English or the Urdu expression, by the recipient's language column. */
export function byLanguage(languageColumn: string, build: (language: Language) => string): string {
  return `CASE WHEN ${languageColumn} = 'ur' THEN ${build('ur')} ELSE ${build('en')} END`;
}

const URDU_MONTHS_SQL = `(ARRAY[${URDU_MONTHS.map(sqlLiteral).join(', ')}])`;

/** SQL: "March 2026" / "مارچ 2026" of integer month and year expressions (templates.periodName). */
export function sqlPeriod(language: Language, month: string, year: string): string {
  return language === 'ur' ? `${URDU_MONTHS_SQL}[${month}] || ' ' || (${year})::text` : `to_char(make_date(${year}, ${month}, 1), 'FMMonth YYYY')`;
}

/** SQL: "1 April 2026" / "1 اپریل 2026" of a date expression. */
export function sqlDate(language: Language, date: string): string {
  return language === 'ur'
    ? `to_char(${date}, 'FMDD') || ' ' || ${URDU_MONTHS_SQL}[extract(month FROM ${date})::int] || ' ' || to_char(${date}, 'YYYY')`
    : `to_char(${date}, 'FMDD FMMonth YYYY')`;
}

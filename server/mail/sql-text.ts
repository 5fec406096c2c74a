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

/**
 * What a preview shows before anything is saved: the file's first rows as they are (to see which column
 * holds what), the first lines as the layout reads them, and the lines it cannot read, each with why.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPkr } from '../../../../contract/money.ts';
import { formatDate } from '../../../lib/format.ts';
import type { StatementLineError, StatementPreview } from './statement-api.ts';
import { useStatementText } from './statement-text.ts';

const cell = 'px-3 py-2 text-start align-top';

/** A table that scrolls sideways inside its own box, reachable by keyboard. */
function ScrollTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a labelled scrolling region must take focus so that a keyboard can scroll it
    <div role="region" aria-label={label} tabIndex={0} className="max-h-72 overflow-auto rounded-lg border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">{head}</thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

/** The first rows of the file as they are, numbered as a spreadsheet numbers them, with the columns numbered too. */
export function FileRows({ preview, fileName }: { preview: StatementPreview; fileName: string }) {
  const { t } = useTranslation('adminCatalog');
  const label = t('reconciliation.import.rowsLabel', { file: fileName });
  const head = (
    <tr>
      <th scope="col" className={cell}>
        {t('reconciliation.import.row')}
      </th>
      {Array.from({ length: preview.columns }, (_, index) => (
        <th key={index} scope="col" className={`${cell} whitespace-nowrap`}>
          {t('reconciliation.import.columnNumber', { number: index + 1 })}
        </th>
      ))}
    </tr>
  );
  return (
    <ScrollTable label={label} head={head}>
      {preview.rows.map((row, index) => (
        <tr key={index}>
          <th scope="row" className={`${cell} text-muted-foreground tabular-nums`}>
            {index + 1}
          </th>
          {Array.from({ length: preview.columns }, (_, column) => (
            <td key={column} className={`${cell} max-w-64 break-words`}>
              {row[column] ?? ''}
            </td>
          ))}
        </tr>
      ))}
    </ScrollTable>
  );
}

/** The first lines as read by the layout, how many lines the file has, and the lines it cannot read. */
export function ReadLines({ preview }: { preview: StatementPreview }) {
  const { t, i18n } = useTranslation('adminCatalog');
  const money = (value: number | null) => (value === null ? '' : formatPkr(value));
  const columns = ['line', 'date', 'description', 'credit', 'debit', 'reference', 'balance'] as const;
  const head = (
    <tr>
      {columns.map((column) => (
        <th key={column} scope="col" className={`${cell} whitespace-nowrap`}>
          {t(`reconciliation.import.lineColumns.${column}`)}
        </th>
      ))}
    </tr>
  );
  return (
    <div className="space-y-3">
      <p className="text-sm">{t('reconciliation.import.counted', { lines: preview.lineCount, credits: preview.creditCount })}</p>
      <LineErrors errors={preview.errors} />
      {preview.lines.length > 0 && (
        <ScrollTable label={t('reconciliation.import.linesLabel')} head={head}>
          {preview.lines.map((line) => (
            <tr key={line.line}>
              <th scope="row" className={`${cell} tabular-nums`}>
                {line.line}
              </th>
              <td className={`${cell} whitespace-nowrap`}>{formatDate(line.transferDate, i18n.language)}</td>
              <td className={`${cell} max-w-72 break-words`}>{line.description}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(line.credit)}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(line.debit)}</td>
              <td className={`${cell} break-all`}>{line.reference ?? ''}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(line.balance)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}

/** "Line 7: the date “31/11/2026” does not fit the date format.", one per line that cannot be read. */
export function LineErrors({ errors }: { errors: StatementLineError[] }) {
  const { t } = useTranslation('adminCatalog');
  const text = useStatementText();
  if (errors.length === 0) return null;
  return (
    <div className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
      <p className="font-semibold">{t('reconciliation.import.errorsTitle')}</p>
      <ul className="mt-1 list-disc space-y-0.5 ps-5">
        {errors.map((error) => (
          <li key={`${error.line}:${error.reason}`}>{text.lineError(error)}</li>
        ))}
      </ul>
    </div>
  );
}

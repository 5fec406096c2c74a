/**
 * The column mapping of a bank statement: which column holds the date, the description, the money in
 * and out, the reference and the balance ("column 2: Narration"), the rows before the first line, and
 * how the bank writes dates and numbers. Each choice is a labelled control whose error is said with it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statementDateOrders, type StatementLayout } from '../../../../contract/bank-statements.ts';
import { CheckboxField } from '../../../components/page-parts.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { textOfFieldMessage } from '../../../lib/i18n.ts';
import { COLUMN_FIELDS, firstLineRow, headingsOf, REQUIRED_COLUMNS, type ColumnField, type DraftErrors, type DraftField, type LayoutDraft } from './statement-layout.ts';

export type LayoutSource = 'sent' | 'saved' | 'guessed' | 'none';

const DECIMALS = [
  ['.', 'point'],
  [',', 'comma'],
] as const;
const THOUSANDS = [
  [',', 'comma'],
  ['.', 'point'],
  [' ', 'space'],
  ["'", 'apostrophe'],
  ['', 'none'],
] as const;

export function StatementLayoutForm({
  draft,
  onChange,
  errors,
  columns,
  rows,
  source,
}: {
  draft: LayoutDraft;
  onChange: (next: LayoutDraft) => void;
  errors: DraftErrors;
  /** How many columns the file has, and its first rows as they are. */
  columns: number;
  rows: string[][];
  /** Where the layout first offered came from. */
  source: LayoutSource;
}) {
  const { t } = useTranslation('adminCatalog');
  const set = <K extends DraftField>(field: K, value: LayoutDraft[K]) => onChange({ ...draft, [field]: value });
  const headings = headingsOf(rows, draft);
  const error = (field: DraftField) => {
    const message = errors[field];
    if (!message) return undefined;
    // The contract's own words for these two fit a column, not a number of rows or a separator.
    if (field === 'skipRows') return t('reconciliation.import.skipRowsError');
    if (field === 'thousandsSeparator') return t('reconciliation.import.separatorsError');
    return textOfFieldMessage(message);
  };
  const firstDate = draft.date === null ? undefined : rows[firstLineRow(draft)]?.[draft.date];

  const columnSelect = (field: ColumnField) => (
    <FormField key={field} label={t(`reconciliation.import.fields.${field}`)} optional={!REQUIRED_COLUMNS.includes(field)} error={error(field)}>
      {(control) => (
        <Select {...control} value={draft[field] ?? ''} onChange={(e) => set(field, e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">{REQUIRED_COLUMNS.includes(field) ? t('reconciliation.import.chooseColumn') : t('reconciliation.import.noColumn')}</option>
          {Array.from({ length: columns }, (_, index) => (
            <option key={index} value={index}>
              {headings[index]
                ? t('reconciliation.import.columnOption', { number: index + 1, heading: headings[index] })
                : t('reconciliation.import.columnNumber', { number: index + 1 })}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );

  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm">{t(`reconciliation.import.source.${source}`)}</p>
      <Group legend={t('reconciliation.import.columnsLegend')}>{COLUMN_FIELDS.map(columnSelect)}</Group>
      <Group legend={t('reconciliation.import.writtenLegend')}>
        <FormField label={t('reconciliation.import.skipRows')} hint={t('reconciliation.import.skipRowsHint')} error={error('skipRows')}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={50} value={draft.skipRows} onChange={(e) => set('skipRows', e.target.value)} />}
        </FormField>
        <div className="flex items-end">
          <CheckboxField label={t('reconciliation.import.header')} checked={draft.header} onChange={(e) => set('header', e.target.checked)} />
        </div>
        <FormField
          label={t('reconciliation.import.dateOrder')}
          hint={firstDate ? t('reconciliation.import.firstDate', { value: firstDate }) : undefined}
          error={error('dateOrder')}
        >
          {(control) => (
            <Select {...control} value={draft.dateOrder} onChange={(e) => set('dateOrder', e.target.value as StatementLayout['dateOrder'])}>
              {statementDateOrders.map((order) => (
                <option key={order} value={order}>
                  {t(`reconciliation.import.dateOrders.${order}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('reconciliation.import.decimal')} error={error('decimalSeparator')}>
          {(control) => (
            <Select {...control} value={draft.decimalSeparator} onChange={(e) => set('decimalSeparator', e.target.value as StatementLayout['decimalSeparator'])}>
              {DECIMALS.map(([value, name]) => (
                <option key={name} value={value}>
                  {t(`reconciliation.import.decimals.${name}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('reconciliation.import.thousands')} error={error('thousandsSeparator')}>
          {(control) => (
            <Select {...control} value={draft.thousandsSeparator} onChange={(e) => set('thousandsSeparator', e.target.value as StatementLayout['thousandsSeparator'])}>
              {THOUSANDS.map(([value, name]) => (
                <option key={name} value={value}>
                  {t(`reconciliation.import.thousandsOptions.${name}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </Group>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}

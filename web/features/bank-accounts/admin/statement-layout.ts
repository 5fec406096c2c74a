/**
 * The column mapping as the admin edits it: the statement's layout (contract/bank-statements.ts) with
 * columns not chosen yet, checked by the contract's own schema, so that what the form says is wrong is
 * what the server would refuse.
 */
import { statementLayout, type StatementLayout } from '../../../../contract/bank-statements.ts';

export const COLUMN_FIELDS = ['date', 'description', 'credit', 'debit', 'reference', 'balance'] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];
/** The columns every statement needs; the others may be left out. */
export const REQUIRED_COLUMNS: readonly ColumnField[] = ['date', 'description', 'credit'];

export type LayoutDraft = Omit<StatementLayout, ColumnField | 'skipRows'> & Record<ColumnField, number | null> & { skipRows: string };
export type DraftField = keyof LayoutDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The form's start: the layout offered (the account's saved one, or a guess), else nothing chosen. */
export function draftOf(layout: StatementLayout | null): LayoutDraft {
  if (layout) return { ...layout, skipRows: String(layout.skipRows) };
  return { skipRows: '0', header: true, date: null, description: null, credit: null, debit: null, reference: null, balance: null, dateOrder: 'DMY', decimalSeparator: '.', thousandsSeparator: ',' };
}

/** The layout the draft describes, or what is wrong with it, field by field (the contract's messages, in English). */
export function checkDraft(draft: LayoutDraft): { layout: StatementLayout; errors: null } | { layout: null; errors: DraftErrors } {
  const skipRows = draft.skipRows.trim() === '' ? Number.NaN : Number(draft.skipRows);
  const parsed = statementLayout.safeParse({ ...draft, skipRows, ...Object.fromEntries(REQUIRED_COLUMNS.map((field) => [field, draft[field] ?? undefined])) });
  if (parsed.success) return { layout: parsed.data, errors: null };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DraftField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { layout: null, errors };
}

/** The rows before the first line: those skipped, and the headings when there are any. */
export const firstLineRow = (draft: LayoutDraft) => (Number(draft.skipRows) || 0) + (draft.header ? 1 : 0);

/** The headings of the columns, from the preview's rows, when the file has them. */
export function headingsOf(rows: string[][], draft: LayoutDraft): string[] {
  return draft.header ? (rows[Number(draft.skipRows) || 0] ?? []) : [];
}

/** A field error of an import (`layout.credit`) as the draft field it is about (`credit`). */
export function draftFieldOf(key: string): DraftField | undefined {
  const field = key.startsWith('layout.') ? key.slice('layout.'.length) : undefined;
  const fields: readonly string[] = [...COLUMN_FIELDS, 'skipRows', 'header', 'dateOrder', 'decimalSeparator', 'thousandsSeparator'];
  return field && fields.includes(field) ? (field as DraftField) : undefined;
}

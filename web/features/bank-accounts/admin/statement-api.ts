/**
 * Calls of the reconciliation's bank statements (contract/bank-statements.ts): a file previewed by a
 * layout, imported, matched again, its lines listed with their matches, the matched receipts approved,
 * and the account's statement per transfer day or month (contract/reconciliation.ts). Every answer is
 * read through its contract schema.
 */
import { z } from 'zod';
import {
  approveMatchedAnswer,
  matchRunAnswer,
  statementImportAnswer,
  statementLineError,
  statementLinesAnswer,
  statementPreviewAnswer,
  type StatementLayout,
} from '../../../../contract/bank-statements.ts';
import { statementReconciliationAnswer, type ReconciliationBy } from '../../../../contract/reconciliation.ts';
import { api, ApiError, readAnswer } from '../../../lib/api-client.ts';

export type { StatementLayout, StatementLine, StatementLineError, StatementLineView } from '../../../../contract/bank-statements.ts';
export type StatementPreview = z.output<typeof statementPreviewAnswer>['data'];
export type StatementImported = z.output<typeof statementImportAnswer>['data'];
export type MatchRun = z.output<typeof matchRunAnswer>['data'];
export type ApproveResult = z.output<typeof approveMatchedAnswer>['data'];
export type StatementSummary = z.output<typeof statementReconciliationAnswer>['data'];

export type LinesShow = 'all' | 'matched' | 'open';
export type LinesFilter = { bankAccountId: string; from: string; to: string; show: LinesShow; page: number };
export type SummaryFilter = { bankAccountId: string; from: string; to: string; by: ReconciliationBy };

/** Statement lines, a page at a time. */
export const LINES_PAGE_SIZE = 50;

export const statementKeys = {
  all: ['admin-statements'] as const,
  // Not under `all`: what an import or an approval changes is the account's lines, never a file's reading,
  // and reading a file again would send it again.
  preview: (bankAccountId: string, file: number, layout: string) => ['admin-statement-preview', bankAccountId, file, layout] as const,
  lines: (filter: LinesFilter) => ['admin-statements', 'lines', filter] as const,
  summary: (filter: SummaryFilter) => ['admin-statements', 'summary', filter] as const,
};

const statementsOf = (bankAccountId: string) => `/admin/bank-accounts/${encodeURIComponent(bankAccountId)}/statements`;

/** The multipart form of a preview or an import: the file, and the layout as JSON when there is one. */
function statementForm(file: File, layout: StatementLayout | null): FormData {
  const form = new FormData();
  if (layout) form.append('layout', JSON.stringify(layout));
  form.append('statement', file, file.name);
  return form;
}

/** The lines a refused import names (400 bankStatement.lineUnreadable), or none. */
const refusedLines = z.object({ lineErrors: z.array(statementLineError) });
export function lineErrorsOf(error: unknown) {
  if (!(error instanceof ApiError)) return [];
  const parsed = refusedLines.safeParse(error.body);
  return parsed.success ? parsed.data.lineErrors : [];
}

export const statementApi = {
  /** Reads the file without saving it: by the layout given, else the account's saved one, else a guess. */
  preview: async (bankAccountId: string, file: File, layout: StatementLayout | null, signal?: AbortSignal) =>
    readAnswer(statementPreviewAnswer, await api.post(`${statementsOf(bankAccountId)}/preview`, statementForm(file, layout), { signal })).data,
  /** Imports every line or none, telling how much of the file has gone. */
  import: async (bankAccountId: string, file: File, layout: StatementLayout, onUploadProgress?: (sent: number) => void) =>
    readAnswer(statementImportAnswer, await api.post(statementsOf(bankAccountId), statementForm(file, layout), { onUploadProgress })).data,
  match: async (bankAccountId: string) => readAnswer(matchRunAnswer, await api.post(`${statementsOf(bankAccountId)}/match`)).data,
  lines: async (filter: LinesFilter, signal?: AbortSignal) =>
    readAnswer(
      statementLinesAnswer,
      await api.get(
        `/admin/bank-accounts/${encodeURIComponent(filter.bankAccountId)}/statement-lines`,
        { from: filter.from, to: filter.to, show: filter.show, page: filter.page, limit: LINES_PAGE_SIZE },
        { signal },
      ),
    ).data,
  approve: async (bankAccountId: string, lineIds: string[]) =>
    readAnswer(approveMatchedAnswer, await api.post(`${statementsOf(bankAccountId)}/approve`, { lineIds }, { retries: 0 })).data,
  summary: async (filter: SummaryFilter, signal?: AbortSignal) =>
    readAnswer(statementReconciliationAnswer, await api.get('/admin/reconciliation/statement', { bankAccountId: filter.bankAccountId, from: filter.from, to: filter.to, by: filter.by }, { signal })).data,
};

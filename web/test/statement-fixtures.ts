/**
 * Test-only: the answers of the reconciliation's bank statement routes, whole as the server sends them
 * (`success`, and `code` with `message` where the answer says what happened; a list read has neither),
 * each checked by its contract schema as it is made, so that a fixture the server could not send fails
 * here rather than passing a screen test.
 */
import {
  approveMatchedAnswer,
  matchRunAnswer,
  statementImportAnswer,
  statementLinesAnswer,
  statementPreviewAnswer,
  type StatementLayout,
  type StatementLineView,
} from '../../contract/bank-statements.ts';
import { reconciliationTickAnswer, statementReconciliationAnswer } from '../../contract/reconciliation.ts';

/** The answer as the server sends it (unknown keys kept), once its schema has read it. */
function checked<T>(schema: { parse: (value: unknown) => unknown }, answer: T): T {
  schema.parse(answer);
  return answer;
}

export const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';

/** A statement of the bank's own layout: two title rows, then headings, then lines. */
export const FILE_ROWS = [
  ['Meezan Bank', '', '', '', ''],
  ['Account 0101-2345', '', '', '', ''],
  ['Txn Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
  ['04/03/2026', 'IBFT K7PM4Q9 AISHA KHAN', '', '5,000.00', '15,000.00'],
  ['05/03/2026', 'IBFT FROM BILAL AHMED', '', '5,000.00', '20,000.00'],
  ['06/03/2026', 'ATM CASH', '2,000.00', '', '18,000.00'],
];

export const GUESSED_LAYOUT: StatementLayout = {
  skipRows: 2,
  header: true,
  date: 0,
  description: 1,
  credit: 3,
  debit: 2,
  reference: null,
  balance: 4,
  dateOrder: 'DMY',
  decimalSeparator: '.',
  thousandsSeparator: ',',
};

const line = (row: number, transferDate: string, description: string, credit: number | null, debit: number | null, balance: number) => ({
  line: row,
  transferDate,
  description,
  credit,
  debit,
  reference: null,
  balance,
});

export const READ_LINES = [
  line(4, '2026-03-04', 'IBFT K7PM4Q9 AISHA KHAN', 5000, null, 15000),
  line(5, '2026-03-05', 'IBFT FROM BILAL AHMED', 5000, null, 20000),
  line(6, '2026-03-06', 'ATM CASH', null, 2000, 18000),
];

export function previewAnswer(overrides: Partial<ReturnType<typeof previewData>> = {}) {
  return checked(statementPreviewAnswer, { success: true, code: 'bankStatement.previewed', message: 'Statement read', data: { ...previewData(), ...overrides } });
}
function previewData() {
  return {
    rows: FILE_ROWS,
    columns: 5,
    layout: GUESSED_LAYOUT as StatementLayout | null,
    layoutSource: 'guessed' as 'sent' | 'saved' | 'guessed' | 'none',
    lines: READ_LINES,
    errors: [] as { line: number; reason: 'date' | 'noDate' | 'amount' | 'negative' | 'both'; value: string | null }[],
    lineCount: 3,
    creditCount: 2,
  };
}

export function importAnswer() {
  return checked(statementImportAnswer, {
    success: true,
    code: 'bankStatement.imported',
    message: 'Statement imported',
    data: {
      import: { id: 'import-1', bankAccountId: ACCOUNT_ID, fileName: 'march.csv', lines: 3, added: 2, alreadyImported: 1, firstDate: '2026-03-04', lastDate: '2026-03-06', createdAt: '2026-03-07T05:00:00.000Z' },
      matching: { matched: 2, byReference: 1, byAmountDateName: 1, open: 0 },
    },
  });
}

export const matchRun = (matched: number, byReference: number, byAmountDateName: number, open: number) =>
  checked(matchRunAnswer, { success: true, code: 'bankStatement.matched', message: 'Statement matched', data: { matched, byReference, byAmountDateName, open } });

const payment = (overrides: Partial<NonNullable<StatementLineView['match']>['payment']>) => ({
  id: 'pay-1',
  type: 'INSTALMENT' as const,
  memberName: 'Aisha Khan',
  paymentReference: 'K7PM4Q9',
  amount: 5000,
  month: 3,
  year: 2026,
  status: 'PENDING',
  underReview: true,
  transferDate: '2026-03-04',
  ...overrides,
});

/** Four lines: matched by reference, by amount and name, an open credit, and money out. */
export const STATEMENT_LINES: StatementLineView[] = [
  { id: 'line-1', ...READ_LINES[0], match: { method: 'REFERENCE', reason: { reference: 'K7PM4Q9' }, payment: payment({}) } },
  {
    id: 'line-2',
    ...READ_LINES[1],
    match: { method: 'AMOUNT_DATE_NAME', reason: { daysApart: 1, nameWords: ['bilal', 'ahmed'] }, payment: payment({ id: 'pay-2', memberName: 'Bilal Ahmed', paymentReference: 'M3QX8RT', transferDate: '2026-03-04' }) },
  },
  { id: 'line-3', line: 7, transferDate: '2026-03-06', description: 'IBFT FROM UNKNOWN', credit: 7000, debit: null, reference: null, balance: 25000, match: null },
  { id: 'line-4', ...READ_LINES[2], match: null },
];

export function linesAnswer(lines: StatementLineView[] = STATEMENT_LINES, page = 1, pages = 1) {
  return checked(statementLinesAnswer, { success: true, data: { lines, pagination: { page, limit: 50, total: lines.length, pages, exact: true } } });
}

export function approveAnswer(approved: number, refused: { lineId: string; reason: string }[] = []) {
  return checked(approveMatchedAnswer, { success: true, code: 'bankStatement.approvedByReconciliation', message: 'Approved by reconciliation', data: { approved, refused } });
}

export function summaryAnswer(by: 'day' | 'month' = 'day') {
  const pair = (count: number, amount: number) => ({ count, amount });
  return checked(statementReconciliationAnswer, {
    success: true,
    data: {
      bankAccountId: ACCOUNT_ID,
      from: '2026-03-01',
      to: '2026-03-31',
      by,
      periods: [
        { period: '2026-03-04', lines: 1, matched: 1, open: 0, approvedWithoutLine: pair(0, 0) },
        { period: '2026-03-05', lines: 2, matched: 1, open: 1, approvedWithoutLine: pair(2, 10000) },
      ],
      totals: { lines: 3, matched: 2, open: 1, approvedWithoutLine: pair(2, 10000) },
    },
  });
}

export const tickAnswer = (paymentId: string, tick: { byId: string; byName: string; at: string } | null) =>
  checked(reconciliationTickAnswer, { success: true, data: { paymentId, tick } });

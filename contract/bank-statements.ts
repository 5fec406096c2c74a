/**
 * Bank statements imported into reconciliation (issue "Reconciliation without a person"): a file of any
 * bank's layout, read by a layout the admin maps once per bank account and is offered again next time.
 * POST /api/admin/bank-accounts/{id}/statements/preview and …/statements.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { pagination } from './paging.ts';

export const bankStatementMessages = {
  file: 'Choose the bank statement: a CSV or Excel (.xlsx) file.',
  tooLarge: 'The statement is larger than 5 MB. Split it into shorter periods.',
  unreadable: 'This file could not be read as a CSV or Excel statement.',
  empty: 'The statement holds no lines.',
  layout: 'Describe the statement’s columns.',
  column: 'Choose a column of the statement.',
  sameColumn: 'Each column may be chosen once.',
  lineUnreadable: 'The statement was not imported: one of its lines could not be read. Nothing was saved.',
  noMoney: 'No line of the statement moves money: check the credit and debit columns.',
  tooManyLines: 'The statement has more than 20,000 lines. Split it into shorter periods.',
  previewed: 'Statement read',
  imported: 'Statement imported',
  matched: 'Statement matched',
  approvedByReconciliation: 'Approved by reconciliation',
  notMatched: 'This line is not matched to a payment.',
  lineIds: 'Choose from 1 to 500 statement lines to approve.',
  notUnderReview: 'This payment is not waiting for review.',
  onlyInstalments: 'A plan request is approved into a group from Plan Requests.',
  busy: 'Many statements are being read right now. Please try again in a few seconds.',
} as const;

/** Why a line is refused, by its code, with the value as found: "Line 7: …". The web says the same from the code. */
export const statementLineReasons = {
  date: (value: string) => `the date “${value}” does not fit the date format`,
  noDate: () => 'there is no date',
  amount: (value: string) => `the amount “${value}” is not a number with at most two decimals`,
  negative: (value: string) => `the amount “${value}” is below zero`,
  both: () => 'it has both a credit and a debit',
} as const;
export const statementLineReason = z.enum(['date', 'noDate', 'amount', 'negative', 'both']);
export type StatementLineReason = z.infer<typeof statementLineReason>;
export const describeLineError = (error: StatementLineError) => `Line ${error.line}: ${statementLineReasons[error.reason](error.value ?? '')}.`;

/** A statement may be at most this big, in bytes and in lines; longer periods are imported in parts. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 20_000;
/** Rows of the file shown as they are, and lines shown as read, in a preview. */
export const PREVIEW_ROWS = 15;

/** How dates are written: the order of day, month and year. Any separator, month names, two-digit years. */
export const statementDateOrders = ['DMY', 'MDY', 'YMD'] as const;
export const statementDateOrder = z.enum(statementDateOrders);
export type StatementDateOrder = z.infer<typeof statementDateOrder>;

const column = z.int({ error: bankStatementMessages.column }).min(0, bankStatementMessages.column).max(99, bankStatementMessages.column);

/**
 * Which column holds what (0 is the first column), and how the bank writes dates and numbers. The
 * columns are counted in the rows after `skipRows`; when `header` is true the first of them names the
 * columns and is not a line.
 */
export const statementLayout = z
  .object({
    skipRows: z.int().min(0).max(50).default(0),
    header: z.boolean().default(true),
    date: column,
    description: column,
    credit: column,
    debit: column.nullable().default(null),
    reference: column.nullable().default(null),
    balance: column.nullable().default(null),
    dateOrder: statementDateOrder,
    decimalSeparator: z.enum(['.', ',']),
    thousandsSeparator: z.enum([',', '.', ' ', "'", '']),
  })
  .superRefine((layout, issue) => {
    const chosen = (['date', 'description', 'credit', 'debit', 'reference', 'balance'] as const).filter((key) => layout[key] !== null);
    const seen = new Map<number, string>();
    for (const key of chosen) {
      const index = layout[key] as number;
      if (seen.has(index)) issue.addIssue({ code: 'custom', path: [key], message: bankStatementMessages.sameColumn });
      else seen.set(index, key);
    }
    if (layout.decimalSeparator === layout.thousandsSeparator) issue.addIssue({ code: 'custom', path: ['thousandsSeparator'], message: bankStatementMessages.sameColumn });
  });
export type StatementLayout = z.output<typeof statementLayout>;

/** A statement line as read by a layout: money in rupees, as the API writes money. */
export const statementLine = z.object({
  /** The line's row in the file, counted from 1 as a spreadsheet shows it. */
  line: z.int(),
  transferDate: z.string(),
  description: z.string(),
  credit: z.number().nullable(),
  debit: z.number().nullable(),
  reference: z.string().nullable(),
  balance: z.number().nullable(),
});
export type StatementLine = z.output<typeof statementLine>;

/** A line that could not be read: its row in the file, why, and the value at fault as written. */
export const statementLineError = z.object({ line: z.int(), reason: statementLineReason, value: z.string().nullable() });
export type StatementLineError = z.output<typeof statementLineError>;

/** The answer of a preview: the first rows as they are in the file, the layout offered, and lines read by it. */
export const statementPreviewAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({
    rows: z.array(z.array(z.string())),
    columns: z.int(),
    /** The layout the lines were read by: the one sent, else the account's last, else a guess. */
    layout: statementLayout.nullable(),
    layoutSource: z.enum(['sent', 'saved', 'guessed', 'none']),
    lines: z.array(statementLine),
    errors: z.array(statementLineError),
    /** Lines read in the whole file, and how many move money in (credits). */
    lineCount: z.int(),
    creditCount: z.int(),
  }),
});

/** What a run of the matching found: matches made now by each rule, and credit lines left open. */
export const matchRun = z.object({ matched: z.int(), byReference: z.int(), byAmountDateName: z.int(), open: z.int() });

/** What an import added: lines read, new lines kept, lines already imported before (by fingerprint). */
export const statementImportAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({
    import: z.object({
      id: z.string(),
      bankAccountId: z.string(),
      fileName: z.string(),
      lines: z.int(),
      added: z.int(),
      alreadyImported: z.int(),
      firstDate: z.string().nullable(),
      lastDate: z.string().nullable(),
      createdAt: z.string(),
    }),
    /** The matching run over the account's open lines once the import was saved. */
    matching: matchRun,
  }),
});

/** How a line was matched: by the payment reference in it, or by amount, transfer date and the member's name. */
export const matchMethod = z.enum(['REFERENCE', 'AMOUNT_DATE_NAME']);
export const matchReason = z.object({
  /** The payment reference found in the line (REFERENCE). */
  reference: z.string().optional(),
  /** Days between the line's date and the receipt's transfer date, and the words of the member's name found (AMOUNT_DATE_NAME). */
  daysApart: z.int().optional(),
  nameWords: z.array(z.string()).optional(),
});

/** The payment a line is matched to, as reconciliation shows it. */
export const matchedPayment = z.object({
  id: z.string(),
  type: z.enum(['SUBSCRIPTION', 'INSTALMENT']),
  memberName: z.string(),
  paymentReference: z.string(),
  amount: z.number(),
  month: z.int().nullable(),
  year: z.int().nullable(),
  status: z.string(),
  underReview: z.boolean(),
  transferDate: z.string().nullable(),
});

export const statementLineView = statementLine.extend({
  id: z.string(),
  match: z.object({ method: matchMethod, reason: matchReason, payment: matchedPayment }).nullable(),
});
export type StatementLineView = z.output<typeof statementLineView>;

export const statementLinesQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /** Credit lines matched, credit lines still open, or every line. */
  show: z.enum(['all', 'matched', 'open']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const statementLinesAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    lines: z.array(statementLineView),
    pagination,
  }),
});

export const matchRunAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: matchRun });

/** Approving by reconciliation: the matched lines the administrator keeps ticked. */
export const approveMatchedBody = z.object({
  lineIds: z
    .array(z.string({ error: bankStatementMessages.lineIds }).max(100, bankStatementMessages.lineIds), { error: bankStatementMessages.lineIds })
    .min(1, bankStatementMessages.lineIds)
    .max(500, bankStatementMessages.lineIds),
});
export const approveMatchedAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  data: z.object({ approved: z.int(), refused: z.array(z.object({ lineId: z.string(), reason: z.string() })) }),
});

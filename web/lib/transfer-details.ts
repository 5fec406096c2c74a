/**
 * What a receipt says of its transfer (decision 052), on every form that sends a receipt: the day the
 * money was sent (required here, though the API takes a receipt without it) and the bank's transaction
 * number (optional). The checks are the contract's, the server's own; "today" is Pakistan's.
 */
import { karachiDateOf } from '../../contract/business-time.ts';
import { earliestTransferDate, normaliseTransactionNumber, transactionNumberProblem, transferDateProblem } from '../../contract/receipts.ts';

export { TRANSACTION_NUMBER_MAX } from '../../contract/receipts.ts';

export type TransferDetailsInput = { transferDate: string; transactionNumber: string };

export const noTransferDetails: TransferDetailsInput = { transferDate: '', transactionNumber: '' };

/** What keeps the transfer's details from being sent, in form order: the date, then the number. */
export type TransferProblem =
  | 'transferDateRequired'
  | 'transferDateInvalid'
  | 'transferDateFuture'
  | 'transferDateTooOld'
  | 'transactionNumberTooLong'
  | 'transactionNumberInvalid';

const dateProblems = { required: 'transferDateRequired', invalid: 'transferDateInvalid', future: 'transferDateFuture', tooOld: 'transferDateTooOld' } as const;
const numberProblems = { tooLong: 'transactionNumberTooLong', invalid: 'transactionNumberInvalid' } as const;

const TRANSFER_PROBLEMS = new Set<string>([...Object.values(dateProblems), ...Object.values(numberProblems)]);

export function isTransferProblem(problem: string): problem is TransferProblem {
  return TRANSFER_PROBLEMS.has(problem);
}

export function findTransferProblems(input: TransferDetailsInput, today: string = karachiDateOf()): TransferProblem[] {
  const problems: TransferProblem[] = [];
  const date = transferDateProblem(input.transferDate, today);
  if (date) problems.push(dateProblems[date]);
  const number = transactionNumberProblem(input.transactionNumber);
  if (number) problems.push(numberProblems[number]);
  return problems;
}

/** The days the date picker offers: a year back to today, in Pakistan. */
export function transferDateRange(today: string = karachiDateOf()): { min: string; max: string } {
  return { min: earliestTransferDate(today), max: today };
}

/** Adds the transfer's details to a receipt form, as the server reads them. */
export function appendTransferDetails(form: FormData, input: TransferDetailsInput): void {
  form.append('transferDate', input.transferDate.trim());
  const number = normaliseTransactionNumber(input.transactionNumber);
  if (number) form.append('transactionNumber', number);
}

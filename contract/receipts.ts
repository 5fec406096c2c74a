/** The texts a receipt's upload and its signed link answer with (their codes `receipt.*`, `upload.*`), shared with the web. */
export const receiptMessages = {
  required: 'Please upload your payment receipt',
  wrongType: 'Please upload a JPG, PNG, or PDF file',
  tooLarge: 'Please upload a file smaller than 5MB',
  urlRequired: 'The image URL is required.',
  urlInvalid: 'Please enter a valid http(s) URL.',
  linkInvalid: 'This receipt link is invalid or has expired.',
  notAvailable: 'Receipt is not available for this payment.',
  transferDateRequired: 'Please enter the date of the transfer.',
  transferDateInvalid: 'Please enter the transfer date as a date (YYYY-MM-DD).',
  transferDateInFuture: 'The transfer date cannot be in the future.',
  transferDateTooOld: 'The transfer date cannot be more than a year ago.',
  transactionNumberTooLong: 'The transaction number can be at most 64 characters.',
  transactionNumberInvalid: 'The transaction number can only hold printable characters.',
} as const;

export const uploadMessages = {
  notMultipart: 'Please send the form as multipart/form-data.',
  unreadable: 'The form could not be read. Please try again.',
  stalled: 'The upload stopped before the file arrived. Please try again.',
  tooSlow: 'The upload took too long to arrive. Please try again on a better connection.',
  busy: 'Many receipts are being uploaded just now. Please try again in a moment.',
} as const;

/**
 * What a receipt says of its transfer (decision 052): the day the money was sent, in Pakistan's calendar,
 * and the bank's transaction number. The forms ask for both, the date required; these checks are the
 * server's and the web's alike. Plain functions, so a form loads no schema library for them.
 */
export const TRANSACTION_NUMBER_MAX = 64;

export type TransferDateProblem = 'required' | 'invalid' | 'future' | 'tooOld';
export type TransactionNumberProblem = 'tooLong' | 'invalid';

/** A 'YYYY-MM-DD' that names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The earliest transfer date a receipt sent on `today` may give: the same day a year before. */
export function earliestTransferDate(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
}

/**
 * What is wrong with a transfer date given on `today` (both 'YYYY-MM-DD', today in Asia/Karachi): a day
 * after today, or more than a year before it, cannot be the day of the transfer behind a receipt sent now.
 */
export function transferDateProblem(text: string | undefined, today: string): TransferDateProblem | undefined {
  const value = text?.trim() ?? '';
  if (!value) return 'required';
  if (!isCalendarDate(value)) return 'invalid';
  if (value > today) return 'future';
  if (value < earliestTransferDate(today)) return 'tooOld';
  return undefined;
}

/** A transaction number as kept: trimmed, and none when nothing is left. */
export function normaliseTransactionNumber(text: string | undefined): string | undefined {
  const value = text?.trim() ?? '';
  return value === '' ? undefined : value;
}

/** At most 64 characters, none of them a control or formatting character. */
export function transactionNumberProblem(text: string | undefined): TransactionNumberProblem | undefined {
  const value = normaliseTransactionNumber(text);
  if (value === undefined) return undefined;
  if ([...value].length > TRANSACTION_NUMBER_MAX) return 'tooLong';
  if (/\p{C}/u.test(value)) return 'invalid';
  return undefined;
}

/** The message of each problem, as the server answers it. */
export const transferDateMessages: Record<TransferDateProblem, string> = {
  required: receiptMessages.transferDateRequired,
  invalid: receiptMessages.transferDateInvalid,
  future: receiptMessages.transferDateInFuture,
  tooOld: receiptMessages.transferDateTooOld,
};
export const transactionNumberMessages: Record<TransactionNumberProblem, string> = {
  tooLong: receiptMessages.transactionNumberTooLong,
  invalid: receiptMessages.transactionNumberInvalid,
};

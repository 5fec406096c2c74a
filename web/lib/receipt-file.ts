/**
 * The client's checks on a receipt file (member document §5 "Subscribe", §9): JPG, JPEG, PNG or
 * PDF, at most 5 MB. A convenience only: the server decides by the file's own bytes (RULES §7).
 */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** The file picker's filter. Phones may still offer "all files", so the check below runs too. */
export const RECEIPT_ACCEPT = 'image/jpeg,image/png,application/pdf';

const ALLOWED_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'application/pdf']);
const ALLOWED_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'pdf']);
/** Types some phones and file managers report when they do not know better. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

export type ReceiptProblem = 'required' | 'wrongType' | 'tooLarge';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** What is wrong with a chosen receipt, or undefined when it may be sent. */
export function checkReceiptFile(file: File | null | undefined): ReceiptProblem | undefined {
  if (!file) return 'required';
  const type = file.type.toLowerCase();
  const typeOk = ALLOWED_TYPES.has(type) || (UNKNOWN_TYPES.has(type) && ALLOWED_EXTENSIONS.has(extensionOf(file.name)));
  if (!typeOk) return 'wrongType';
  if (file.size > RECEIPT_MAX_BYTES) return 'tooLarge';
  return undefined;
}

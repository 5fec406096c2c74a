/**
 * What a receipt file is, decided by its own bytes (RULES §7): JPEG, PNG or PDF, at most 5 MB.
 * The name and the declared type are not trusted.
 */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

export const receiptMessages = {
  required: 'Please upload your payment receipt',
  wrongType: 'Please upload a JPG, PNG, or PDF file',
  tooLarge: 'Please upload a file smaller than 5MB',
  urlRequired: 'The image URL is required.',
  urlInvalid: 'Please enter a valid http(s) URL.',
  linkInvalid: 'This receipt link is invalid or has expired.',
  notAvailable: 'Receipt is not available for this payment.',
} as const;

export type ReceiptKind = { extension: 'jpg' | 'png' | 'pdf'; contentType: 'image/jpeg' | 'image/png' | 'application/pdf' };

const startsWith = (data: Buffer, signature: number[]) => data.length >= signature.length && signature.every((byte, i) => data[i] === byte);

export function detectReceiptKind(data: Buffer): ReceiptKind | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { extension: 'pdf', contentType: 'application/pdf' };
  return undefined;
}

/** The original name is kept as data only: no path, no control characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim().slice(0, 200);
  return cleaned || 'receipt';
}

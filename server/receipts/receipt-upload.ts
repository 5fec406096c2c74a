/**
 * Reads a multipart form with at most one receipt file. The file is read into memory only up to
 * 5 MB + 1 byte: a larger one is refused (413) without buffering the rest. Its bytes decide its
 * type (415). Nothing is stored here: the caller stores it once the form is valid.
 */
import type { FastifyRequest } from 'fastify';
import '@fastify/multipart';
import { AppError } from '../http/errors.ts';
import { cleanFileName, detectReceiptKind, RECEIPT_MAX_BYTES, receiptMessages, type ReceiptKind } from './receipt-files.ts';

export type UploadedReceipt = { data: Buffer; originalName: string; kind: ReceiptKind };

export const multipartLimits = { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25, headerPairs: 100 };

export async function readReceiptForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; receipt?: UploadedReceipt }> {
  if (!request.isMultipart()) throw new AppError(415, 'Please send the form as multipart/form-data.');
  const fields: Record<string, string> = Object.create(null);
  let receipt: UploadedReceipt | undefined;
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'receipt') continue;
        const kind = detectReceiptKind(data);
        if (!kind) throw new AppError(415, receiptMessages.wrongType, { receipt: receiptMessages.wrongType });
        receipt = { data, originalName: cleanFileName(part.filename), kind };
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, receiptMessages.tooLarge, { receipt: receiptMessages.tooLarge });
    if (code && code.startsWith('FST_')) throw new AppError(400, 'The form could not be read. Please try again.');
    throw error;
  }
  return { fields, receipt };
}

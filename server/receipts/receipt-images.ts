/**
 * A receipt picture is stored re-encoded, without its metadata: a phone's photo carries where and when it
 * was taken (EXIF GPS), the device and sometimes comments, none of which an operator needs and all of
 * which would go to anyone the file is shown to. The picture is turned upright first (the EXIF
 * orientation), so it looks as it did. A PDF is stored as sent: it is checked for active content instead
 * (receipt-files.ts).
 */
import sharp from 'sharp';
import { AppError } from '../http/errors.ts';
import { RECEIPT_MAX_PIXELS, type ReceiptKind } from './receipt-files.ts';
import { receiptMessages } from '../../contract/receipts.ts';

export async function withoutMetadata(data: Buffer, kind: ReceiptKind): Promise<Buffer> {
  if (kind.extension === 'pdf') return data;
  try {
    // Leniently decoded ('none'): the structure was checked already; whatever decodes is drawn again cleanly.
    const picture = sharp(data, { failOn: 'none', limitInputPixels: RECEIPT_MAX_PIXELS }).rotate();
    // sharp writes no metadata unless asked to.
    return await (kind.extension === 'png' ? picture.png() : picture.jpeg({ quality: 90, mozjpeg: true })).toBuffer();
  } catch {
    throw new AppError(415, receiptMessages.wrongType, { receipt: receiptMessages.wrongType });
  }
}

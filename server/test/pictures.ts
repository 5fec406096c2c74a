/**
 * Whether a stored receipt shows what was sent. Pictures are stored re-encoded without metadata
 * (receipts/receipt-images.ts), so they are compared as pictures: the same format, size and pixels
 * (within what one lossy JPEG pass changes). Anything else (a PDF) byte for byte.
 */
import sharp from 'sharp';

const JPEG_TOLERANCE = 8;

export async function showsSamePicture(stored: Buffer, sent: Buffer): Promise<boolean> {
  const [a, b] = await Promise.all([stored, sent].map((data) => sharp(data, { failOn: 'none' }).metadata().catch(() => undefined)));
  if (!a?.format || !b?.format) return stored.equals(sent);
  if (a.format !== b.format || a.width !== b.width || a.height !== b.height) return false;
  const [pa, pb] = await Promise.all([stored, sent].map((data) => sharp(data, { failOn: 'none' }).removeAlpha().raw().toBuffer()));
  if (pa.length !== pb.length) return false;
  const tolerance = a.format === 'jpeg' ? JPEG_TOLERANCE : 0;
  return pa.every((value, i) => Math.abs(value - pb[i]) <= tolerance);
}

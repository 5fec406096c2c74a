/**
 * What a receipt file is, decided by its own bytes (RULES §7): JPEG, PNG or PDF, at most 5 MB.
 * The name and the declared type are not trusted. Beyond the signature, the file's structure is
 * walked so that a file which is also something else (a picture with an archive glued on, a PDF
 * that runs scripts, a tiny picture that claims to be gigantic) is refused too.
 * docs/decisions/010-receipt-content-checks.md explains the choices and their limits.
 */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A picture may declare at most this many pixels: a viewer that opens it has to allocate them all,
 * whatever the file's size. Screenshots, scans and phone photos (even 48 MP ones) fit.
 */
export const RECEIPT_MAX_PIXELS = 50_000_000;
/** And at most this many on one side: a very long scrolling screenshot still fits. */
export const RECEIPT_MAX_SIDE = 20_000;

export type ReceiptKind = { extension: 'jpg' | 'png' | 'pdf'; contentType: 'image/jpeg' | 'image/png' | 'application/pdf' };

export const receiptKinds = {
  jpg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
} as const satisfies Record<ReceiptKind['extension'], ReceiptKind>;

/** The most bytes kindBySignature needs to see. */
export const SIGNATURE_BYTES = 8;

const startsWith = (data: Buffer, signature: number[]) => data.length >= signature.length && signature.every((byte, i) => data[i] === byte);

/** The kind a file claims by its first bytes alone: enough to refuse anything else early. */
export function kindBySignature(data: Buffer): ReceiptKind | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return receiptKinds.jpg;
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return receiptKinds.png;
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return receiptKinds.pdf;
  return undefined;
}

/** Either the kind of a whole, acceptable file, or why it is refused (for the log, never shown). */
export type ReceiptInspection = { kind: ReceiptKind; refusal?: undefined } | { kind?: undefined; refusal: string };

export function inspectReceipt(data: Buffer): ReceiptInspection {
  const kind = kindBySignature(data);
  if (!kind) return { refusal: 'not a JPEG, PNG or PDF signature' };
  const refusal = kind === receiptKinds.jpg ? jpegProblem(data) : kind === receiptKinds.png ? pngProblem(data) : pdfProblem(data);
  return refusal ? { refusal } : { kind };
}

function dimensionsProblem(width: number, height: number): string | undefined {
  if (width === 0 || height === 0) return 'picture without a declared size';
  if (width > RECEIPT_MAX_SIDE || height > RECEIPT_MAX_SIDE || width * height > RECEIPT_MAX_PIXELS) return `picture of ${width}×${height} pixels`;
  return undefined;
}

/**
 * After a picture's end: zero bytes and whitespace, which some tools pad with, carry nothing. Any
 * other byte is a second file hiding behind the first (an archive, a PDF, a script, a video).
 */
function trailingProblem(data: Buffer, from: number): string | undefined {
  for (let i = from; i < data.length; i++) {
    const byte = data[i];
    if (byte !== 0x00 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x20) return `${data.length - from} bytes after the end of the picture`;
  }
  return undefined;
}

const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const JPEG_SOS = 0xda;
const isJpegRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isJpegFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Where the entropy-coded data of a scan ends: the 0xFF of the next real marker. */
function endOfJpegScan(data: Buffer, from: number): number {
  for (let i = data.indexOf(0xff, from); i !== -1 && i + 1 < data.length; i = data.indexOf(0xff, i + 1)) {
    const next = data[i + 1];
    // FF00 is a stuffed data byte, FFD0–FFD7 restart markers inside the scan, FFFF fill before a marker.
    if (next === 0x00 || next === 0xff || isJpegRestart(next)) continue;
    return i;
  }
  return data.length;
}

/** Walks the JPEG's segments by their lengths (so thumbnails inside EXIF are skipped) to its EOI. */
function jpegProblem(data: Buffer): string | undefined {
  let pos = 2;
  let framed = false;
  let scans = 0;
  while (pos < data.length) {
    if (data[pos] !== 0xff) return 'stray bytes between JPEG segments';
    while (pos < data.length && data[pos] === 0xff) pos++;
    if (pos >= data.length) break;
    const marker = data[pos++];
    if (marker === JPEG_EOI) return framed && scans > 0 ? trailingProblem(data, pos) : 'JPEG without image data';
    if (marker === 0x00 || marker === JPEG_SOI) return 'misplaced JPEG marker';
    if (isJpegRestart(marker) || marker === 0x01) continue;
    if (pos + 2 > data.length) break;
    const length = data.readUInt16BE(pos);
    if (length < 2 || pos + length > data.length) return 'JPEG segment runs past the end of the file';
    if (isJpegFrame(marker)) {
      if (framed) return 'JPEG with more than one frame';
      if (length < 8) return 'short JPEG frame header';
      const problem = dimensionsProblem(data.readUInt16BE(pos + 5), data.readUInt16BE(pos + 3));
      if (problem) return problem;
      framed = true;
    }
    pos += length;
    if (marker === JPEG_SOS) {
      if (!framed) return 'JPEG scan before its frame';
      scans++;
      pos = endOfJpegScan(data, pos);
    }
  }
  return 'JPEG without its end marker';
}

/** Walks the PNG's chunks: IHDR first (with a sane size), image data, and nothing after IEND. */
function pngProblem(data: Buffer): string | undefined {
  let pos = 8;
  let headed = false;
  let imageData = false;
  while (pos + 12 <= data.length) {
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    if (length > data.length - pos - 12) return 'PNG chunk runs past the end of the file';
    if (!/^[A-Za-z]{4}$/.test(type)) return 'PNG chunk with an invalid type';
    if (!headed) {
      if (type !== 'IHDR' || length !== 13) return 'PNG without its header first';
      const problem = dimensionsProblem(data.readUInt32BE(pos + 8), data.readUInt32BE(pos + 12));
      if (problem) return problem;
      headed = true;
    } else if (type === 'IHDR') {
      return 'PNG with a second header';
    }
    if (type === 'IDAT') imageData = true;
    pos += 12 + length;
    if (type === 'IEND') return imageData ? trailingProblem(data, pos) : 'PNG without image data';
  }
  return 'PNG without its end chunk';
}

/**
 * PDF names that make a document act rather than show: actions that run scripts, start programs,
 * send or fetch data or open other files, embedded files, and script-capable XFA forms. Long
 * enough that compressed bytes almost never spell one by chance, so they are looked for everywhere,
 * inside streams too. Compared in lower case: a lenient reader must not be the one to find them.
 */
const PDF_ACTIVE_NAMES = new Set([
  'javascript',
  'launch',
  'embeddedfile',
  'embeddedfiles',
  'richmedia',
  'richmediaexecute',
  'rendition',
  'submitform',
  'importdata',
  'gotoe',
  'gotor',
  'xfa',
]);
/**
 * Script code (/JS) and automatic actions (/AA). Random compressed bytes spell these often enough
 * to refuse honest files, so they are looked for outside encoded streams only. Either key is
 * followed by its value, never directly by another name, so "/js/" (a path in a link) is not one.
 */
const PDF_ACTIVE_SHORT_NAMES = new Set(['js', 'aa']);

const isPdfWhitespace = (byte: number) => byte === 0x00 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;
const PDF_DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isPdfRegular = (byte: number) => !isPdfWhitespace(byte) && !PDF_DELIMITERS.has(byte);
const isHex = (byte: number) => (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
const SLASH = 0x2f;

/** A name's text, in lower case, with its #xx escapes decoded (/J#61vaScript is /JavaScript). */
function decodePdfName(raw: Buffer): string {
  let name = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0x23 && i + 2 < raw.length && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      name += String.fromCharCode(parseInt(raw.toString('latin1', i + 1, i + 3), 16));
      i += 2;
    } else {
      name += String.fromCharCode(raw[i]);
    }
  }
  return name.toLowerCase();
}

/** Every name between from and to, with the byte that ends it. */
function* pdfNames(data: Buffer, from: number, to: number): Generator<{ name: string; followedBy: number | undefined }> {
  for (let i = data.indexOf(SLASH, from); i !== -1 && i < to; i = data.indexOf(SLASH, i + 1)) {
    let end = i + 1;
    while (end < to && isPdfRegular(data[end])) end++;
    yield { name: decodePdfName(data.subarray(i + 1, end)), followedBy: end < to ? data[end] : undefined };
  }
}

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');
const isPdfEndOfLine = (byte: number | undefined) => byte === 0x0a || byte === 0x0d;

/**
 * Scans the PDF's names without trying to parse it: a reader finds objects through the
 * cross-reference table, so no byte may be skipped as "inside a string" or "a comment". The bodies
 * of encoded streams (after a dictionary naming a /Filter) are searched for the long names only.
 * What a compressed stream hides stays hidden: PDFs are therefore also served as sandboxed downloads.
 */
function pdfProblem(data: Buffer): string | undefined {
  let pos = 0;
  while (pos < data.length) {
    const next = data.indexOf(STREAM, pos);
    const plainEnd = next === -1 ? data.length : next;
    let filtered = false;
    for (const { name, followedBy } of pdfNames(data, pos, plainEnd)) {
      if (PDF_ACTIVE_NAMES.has(name) || (PDF_ACTIVE_SHORT_NAMES.has(name) && followedBy !== SLASH)) return `PDF with /${name}`;
      if (name === 'filter') filtered = true;
    }
    if (next === -1) break;
    const isStreamKeyword = (next === 0 || !isPdfRegular(data[next - 1])) && isPdfEndOfLine(data[next + STREAM.length]);
    // An unencoded stream body is read like the rest of the file (it may be an object stream).
    if (!isStreamKeyword || !filtered) {
      pos = next + STREAM.length;
      continue;
    }
    const bodyStart = next + STREAM.length;
    const bodyEnd = data.indexOf(ENDSTREAM, bodyStart);
    const end = bodyEnd === -1 ? data.length : bodyEnd;
    for (const { name } of pdfNames(data, bodyStart, end)) {
      if (PDF_ACTIVE_NAMES.has(name)) return `PDF with /${name} in a stream`;
    }
    pos = bodyEnd === -1 ? data.length : bodyEnd + ENDSTREAM.length;
  }
  return undefined;
}

/**
 * Characters that could pass for something else where the name is shown: controls, line and
 * paragraph separators, zero-width characters and bidirectional overrides (which can make
 * "gpj.exe" read as "exe.jpg").
 */
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f"<>\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** The original name is kept as data only: no path, no control characters, bounded. */
export function cleanFileName(name: string | undefined, fallback = 'receipt'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base.replace(UNSAFE_NAME_CHARACTERS, '').trim()).slice(0, 200).join('').trim();
  return cleaned || fallback;
}

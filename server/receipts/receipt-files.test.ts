/**
 * The structure walks of receipt-files.ts on the shapes real encoders produce, which the request
 * tests (receipt-hostile.test.ts) do not all reach: scans with stuffed bytes and restart markers,
 * several scans, fill bytes, ancillary PNG chunks, and the cleaning of file names.
 */
import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../test/test-app.ts';
import { cleanFileName, inspectReceipt, kindBySignature, RECEIPT_MAX_PIXELS, RECEIPT_MAX_SIDE } from './receipt-files.ts';

const sosAt = sampleFiles.jpg.indexOf(Buffer.from([0xff, 0xda]));
const eoiAt = sampleFiles.jpg.length - 2;
/** The sample JPEG up to and with its scan header: what comes next is entropy-coded data. */
const beforeScanData = sampleFiles.jpg.subarray(0, sosAt + 10);
const scanHeader = sampleFiles.jpg.subarray(sosAt, sosAt + 10);
const huffmanTables = sampleFiles.jpg.subarray(sampleFiles.jpg.indexOf(Buffer.from([0xff, 0xc4])), sosAt);
const end = Buffer.from([0xff, 0xd9]);

describe('inspectReceipt on JPEGs', () => {
  it('accepts the sample and reads through stuffed bytes and restart markers inside a scan', () => {
    expect(inspectReceipt(sampleFiles.jpg).kind?.contentType).toBe('image/jpeg');
    // FF00 is a data byte FF, FFD0–FFD7 restart markers: neither ends the scan, and an FFD9 after FF00 is not the end.
    const scan = Buffer.from([0x3f, 0xff, 0x00, 0xd9, 0xff, 0xd0, 0x3f, 0xff, 0xd7, 0x3f]);
    expect(inspectReceipt(Buffer.concat([beforeScanData, scan, end])).kind?.extension).toBe('jpg');
  });

  it('accepts several scans with tables between them (progressive pictures) and fill bytes before markers', () => {
    const data = Buffer.concat([beforeScanData, Buffer.from([0x3f, 0xff, 0xff]), huffmanTables, scanHeader, Buffer.from([0x3f]), Buffer.from([0xff, 0xff]), end]);
    expect(inspectReceipt(data).kind?.extension).toBe('jpg');
  });

  it('refuses a JPEG without a frame, without a scan, or with a second picture after its end', () => {
    const withoutFrame = Buffer.concat([sampleFiles.jpg.subarray(0, 2), end]);
    expect(inspectReceipt(withoutFrame).refusal).toMatch(/without image data/);
    const withoutScan = Buffer.concat([sampleFiles.jpg.subarray(0, sosAt), end]);
    expect(inspectReceipt(withoutScan).refusal).toMatch(/without image data/);
    expect(inspectReceipt(Buffer.concat([sampleFiles.jpg, sampleFiles.jpg])).refusal).toMatch(/after the end/);
    expect(inspectReceipt(Buffer.concat([sampleFiles.jpg.subarray(0, eoiAt), Buffer.from('PK\x03\x04')])).refusal).toMatch(/end marker/);
  });
});

describe('inspectReceipt on PNGs', () => {
  it('accepts ancillary chunks between the header and the end', () => {
    // A text chunk; its CRC is left zero, as the walk leaves checksums to the viewers.
    const text = Buffer.concat([Buffer.from([0, 0, 0, 9]), Buffer.from('tEXtTitle\0abc', 'latin1'), Buffer.alloc(4)]);
    const data = Buffer.concat([sampleFiles.png.subarray(0, 33), text, sampleFiles.png.subarray(33)]);
    expect(inspectReceipt(data).kind?.extension).toBe('png');
  });

  it('refuses a PNG whose first chunk is not its header', () => {
    const data = Buffer.concat([sampleFiles.png.subarray(0, 8), sampleFiles.png.subarray(33)]);
    expect(inspectReceipt(data).refusal).toMatch(/header first/);
  });
});

describe('limits and signatures', () => {
  it('keeps the side and pixel limits consistent: a square at the side limit is over the pixel limit', () => {
    expect(RECEIPT_MAX_SIDE * RECEIPT_MAX_SIDE).toBeGreaterThan(RECEIPT_MAX_PIXELS);
    expect(kindBySignature(Buffer.from('%PDF-1.7'))?.extension).toBe('pdf');
    expect(kindBySignature(Buffer.from('%PDF'))).toBeUndefined();
  });
});

describe('cleanFileName', () => {
  it.each([
    ['../../etc/passwd.jpg', 'passwd.jpg'],
    ['C:\\Users\\me\\receipt.png', 'receipt.png'],
    ['a\u0000b\r\nc.png', 'abc.png'],
    ['\u202egnp.exe', 'gnp.exe'],
    ['zero\u200bwidth.pdf', 'zerowidth.pdf'],
    ['"<script>".png', 'script.png'],
    ['   ', 'receipt'],
    ['dir/', 'receipt'],
    ['رسید.jpg', 'رسید.jpg'],
  ])('%j becomes %j', (name, cleaned) => {
    expect(cleanFileName(name)).toBe(cleaned);
  });

  it('bounds a name to 200 characters without splitting one in two', () => {
    expect(cleanFileName('a'.repeat(1000))).toHaveLength(200);
    const emoji = cleanFileName('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('😀')).toBe(true);
  });
});

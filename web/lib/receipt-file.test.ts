import { describe, expect, it } from 'vitest';
import { checkReceiptFile, RECEIPT_MAX_BYTES } from './receipt-file.ts';

function file(name: string, type: string, size = 1024): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('receipt checks (member document §5 "Subscribe", §9)', () => {
  it('accepts JPG, JPEG, PNG and PDF up to 5 MB', () => {
    expect(checkReceiptFile(file('r.jpg', 'image/jpeg'))).toBeUndefined();
    expect(checkReceiptFile(file('r.jpeg', 'image/jpeg'))).toBeUndefined();
    expect(checkReceiptFile(file('r.png', 'image/png'))).toBeUndefined();
    expect(checkReceiptFile(file('r.pdf', 'application/pdf', RECEIPT_MAX_BYTES))).toBeUndefined();
  });

  it('falls back to the name when the phone reports no type', () => {
    expect(checkReceiptFile(file('IMG_0001.JPG', ''))).toBeUndefined();
    expect(checkReceiptFile(file('scan.pdf', 'application/octet-stream'))).toBeUndefined();
    expect(checkReceiptFile(file('notes.txt', ''))).toBe('wrongType');
  });

  it('refuses other types, larger files and no file', () => {
    expect(checkReceiptFile(file('r.gif', 'image/gif'))).toBe('wrongType');
    expect(checkReceiptFile(file('r.png.exe', 'application/x-msdownload'))).toBe('wrongType');
    expect(checkReceiptFile(file('r.png', 'image/png', RECEIPT_MAX_BYTES + 1))).toBe('tooLarge');
    expect(checkReceiptFile(null)).toBe('required');
  });
});

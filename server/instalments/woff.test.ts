/**
 * The WOFF decoder (woff.ts): the plain font it gives measures Urdu exactly as the WOFF file does, and a
 * damaged or foreign file is refused rather than drawn.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { sfntFromWoff } from './woff.ts';

const require = createRequire(import.meta.url);
const fontFile = (weight: number) => readFileSync(require.resolve(`@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-${weight}-normal.woff`));
const WOFF_HEADER_BYTES = 44;

describe('a WOFF font decoded', () => {
  it('is the plain font of the same kind, which shapes Urdu to the same widths as the WOFF file, in both weights', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    for (const woff of [fontFile(400), fontFile(700)]) {
      const sfnt = sfntFromWoff(woff);
      // The sfnt's version is the WOFF's flavor: a TrueType font here.
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
      expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
      // Whole runs, shaped by fontkit from each file's tables: substitutions, joins and positions alike.
      for (const text of ['عمرہ کمیٹی', 'اقساط کا گوشوارہ', 'آپ کا حساب', 'جولائی', 'ادائیگی کی تاریخ']) {
        const fromWoff = doc.font(woff).fontSize(12).widthOfString(text, { features: [] });
        const fromSfnt = doc.font(sfnt).fontSize(12).widthOfString(text, { features: [] });
        expect(fromWoff).toBeGreaterThan(0);
        expect(fromSfnt).toBe(fromWoff);
      }
    }
  });

  it('is refused when a table does not match its checksum, or the file is not WOFF', () => {
    const damaged = Buffer.from(fontFile(400));
    // The first table's recorded checksum, one off.
    const checksumAt = WOFF_HEADER_BYTES + 16;
    damaged.writeUInt32BE((damaged.readUInt32BE(checksumAt) + 1) >>> 0, checksumAt);
    expect(() => sfntFromWoff(damaged)).toThrow(/checksum does not match/);

    const cutShort = Buffer.from(fontFile(400));
    // The first table's length as one byte more than its data inflates to.
    const lengthAt = WOFF_HEADER_BYTES + 12;
    cutShort.writeUInt32BE(cutShort.readUInt32BE(lengthAt) + 1, lengthAt);
    expect(() => sfntFromWoff(cutShort)).toThrow(/bytes, \d+ expected/);

    expect(() => sfntFromWoff(Buffer.from('not a font at all, but long enough to hold a header'))).toThrow(/not a WOFF font/);
  });
});

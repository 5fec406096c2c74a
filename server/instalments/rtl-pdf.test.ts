/**
 * Bidirectional lines (rtl-pdf.ts): the Urdu fonts are decoded and parsed once per thread and shared
 * by every document after; and each line is laid out by the Unicode bidirectional algorithm, read back
 * from the PDF (server/test/pdf-text.ts): its text in reading order (ActualText), and the pieces it is
 * drawn in from left to right.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/pdf-text.ts';
import { rtlWriter, type Direction } from './rtl-pdf.ts';
import { statementTexts } from './statement-texts.ts';

/** The fontkit font pdfkit draws with at this point of the document. */
const currentFont = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: unknown } })._font.font;

const ur = statementTexts.ur;
const en = statementTexts.en;

/** Draws one line and reads it back: its text as copied, and its Latin pieces in drawing order, left to right. */
async function drawn(text: string, direction: Direction = 'rtl') {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  rtlWriter(doc).line(text, direction === 'rtl' ? { right: 500 } : { left: 50 }, 100, { size: 12 }, direction);
  doc.end();
  await ended;
  const { spans } = await pdfText(new Uint8Array(Buffer.concat(chunks)));
  expect(spans).toHaveLength(1);
  const [{ actual, glyphs }] = spans;
  return { actual, glyphs, latin: glyphs.filter((piece) => /[A-Za-z0-9]/.test(piece)).map((piece) => piece.trim()) };
}

describe('the Urdu fonts', () => {
  it('are parsed once: two documents draw with the same fonts, regular and bold', () => {
    const fonts = [new PDFDocument(), new PDFDocument()].map((doc) => {
      const rtl = rtlWriter(doc);
      rtl.line('عمرہ کمیٹی', { right: 500 }, 100, { size: 12 });
      const regular = currentFont(doc);
      rtl.line('عمرہ کمیٹی', { right: 500 }, 140, { size: 12, bold: true });
      const bold = currentFont(doc);
      doc.end();
      return { regular, bold };
    });
    expect(fonts[0].regular).not.toBe(fonts[0].bold);
    expect(fonts[1].regular).toBe(fonts[0].regular);
    expect(fonts[1].bold).toBe(fonts[0].bold);
  });

  it('shape the words whose marks have no anchor on their base (زیرِ جائزہ, فائزہ)', async () => {
    const { actual } = await drawn(`${ur.states.UNDER_REVIEW} ${ur.name('فائزہ')}`);
    expect(actual).toBe('زیرِ جائزہ نام: فائزہ');
  });
});

describe('a line laid out by the bidirectional algorithm', () => {
  it('keeps a Latin name with digits in its own order inside an Urdu sentence, at the sentence’s start: the right', async () => {
    const line = await drawn(ur.group('Gold 2026 Plan', '3'));
    expect(line.actual).toBe('Gold 2026 Plan، گروپ نمبر 3');
    // Right to left: the group number ends the sentence on the left, the plan's name starts it on the right.
    expect(line.latin).toEqual(['3', 'Gold 2026 Plan']);
    expect(line.glyphs.at(-1)).toBe('Gold 2026 Plan');
  });

  it('puts an Urdu name inside an English sentence between the English words, drawn right to left', async () => {
    const line = await drawn(`${en.documentTitle('فائزہ خان')} (Gold Plan)`, 'ltr');
    expect(line.actual).toBe('Statement of فائزہ خان (Gold Plan)');
    expect(line.glyphs[0]).toBe('Statement of ');
    expect(line.glyphs.at(-1)).toBe(' (Gold Plan)');
    // Between them the name, its last letter leftmost (ن of خان) and its first rightmost (ف of فائزہ).
    const name = line.glyphs.slice(1, -1).filter(Boolean);
    expect(name[0]).toBe('نا');
    expect(name.at(-1)).toBe('ف');
  });

  it('keeps "PKR 5,000" and a date whole inside Urdu, each where the sentence puts it', async () => {
    const totals = await drawn(ur.totals({ paid: 'PKR 5,000', owed: 'PKR 0', overdue: 'PKR 0', remaining: 'PKR -15,000' }));
    expect(totals.actual).toBe('آپ کا حساب: ادا شدہ PKR 5,000؛ واجب الادا PKR 0، جس میں تاخیر شدہ PKR 0؛ باقی PKR -15,000۔');
    // Read right to left, the last amount is the leftmost.
    expect(totals.latin).toEqual(['PKR -15,000', 'PKR 0', 'PKR 0', 'PKR 5,000']);

    const asOf = await drawn(ur.asOf('2026-03-31'));
    expect(asOf.actual).toBe('پاکستانی وقت کے مطابق 2026-03-31 تک کا حساب۔ تمام رقوم PKR میں۔');
    expect(asOf.latin).toEqual(['PKR', '2026-03-31']);
  });

  it('keeps a hostile name’s override characters inside the name: the rest of the sentence is drawn as with a plain name', async () => {
    const isName = (piece: string) => /[A-Za-z]/.test(piece);
    const plain = await drawn(ur.group('Gold Plan', '3'));
    for (const hostile of ['\u202EGold Plan', 'Gold \u202DPlan\u202E', '\u202BGold Plan\u202A']) {
      const line = await drawn(ur.group(hostile, '3'));
      // Copied without the control characters, in reading order.
      expect(line.actual).toBe('Gold Plan، گروپ نمبر 3');
      // Everything but the name is drawn in the same pieces and order as with the plain name…
      expect(line.glyphs.filter((piece) => !isName(piece))).toEqual(plain.glyphs.filter((piece) => !isName(piece)));
      // …and the name last, on the right, where the sentence starts.
      expect(line.glyphs.slice(line.glyphs.findIndex(isName)).every((piece) => isName(piece) || !piece.trim())).toBe(true);
    }
  });
});

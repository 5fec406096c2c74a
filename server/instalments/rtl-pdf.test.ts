/**
 * The Urdu fonts are decoded and parsed once per thread and shared by every document after
 * (rtl-pdf.ts): a second document draws with the very fonts the first one parsed.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { rtlWriter } from './rtl-pdf.ts';

/** The fontkit font pdfkit draws with at this point of the document. */
const currentFont = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: unknown } })._font.font;

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
});

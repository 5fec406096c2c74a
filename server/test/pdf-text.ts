/**
 * Test-only: reads a PDF back with pdf-lib (which must accept it as a PDF) and returns the text its pages
 * show, one line per text object. The standard fonts' single-byte WinAnsi codes are read as they are;
 * an embedded font's two-byte glyph ids through its ToUnicode map. A span marked with ActualText (a
 * right-to-left line, whose glyphs are drawn in visual order) reads as that text, as a PDF reader
 * copies it; `spans` keeps, for each such span, its glyphs' text in drawing order beside it.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

export type ActualTextSpan = { actual: string; glyphs: string[] };

/** A PDF literal string's bytes: "(" … ")" with its backslash escapes. */
function literalBytes(literal: string): string {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
  return literal.slice(1, -1).replace(/\\([0-7]{1,3}|.)/gs, (_, c: string) => (/^[0-7]+$/.test(c) ? String.fromCharCode(parseInt(c, 8)) : (escapes[c] ?? c)));
}

/** A PDF text string: UTF-16BE after a byte order mark, else single bytes. */
function textString(bytes: string): string {
  if (!bytes.startsWith('\xfe\xff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

/** Glyph id → text, from a ToUnicode CMap as pdfkit writes it (bfrange arrays and bfchar pairs). */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const [, from, list] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((m, i) => map.set(parseInt(from, 16) + i, utf16(m[1])));
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, gid, text] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(gid, 16), utf16(text));
  }
  return map;
}

type Font = { name: string; decode: (hex: string) => string };

function pageFonts(pdf: PDFDocument, resources: PDFDict | undefined): Map<string, Font> {
  const fonts = new Map<string, Font>();
  const dict = resources?.lookup(PDFName.of('Font'), PDFDict);
  for (const [key, ref] of dict?.entries() ?? []) {
    const font = pdf.context.lookup(ref, PDFDict);
    const name = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
    const toUnicode = font.lookup(PDFName.of('ToUnicode'));
    if (font.lookup(PDFName.of('Subtype'), PDFName).decodeText() === 'Type0' && toUnicode instanceof PDFRawStream) {
      const map = toUnicodeMap(Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1'));
      fonts.set(key.decodeText(), { name, decode: (hex) => (hex.match(/.{4}/g) ?? []).map((gid) => map.get(parseInt(gid, 16)) ?? '\uFFFD').join('') });
    } else fonts.set(key.decodeText(), { name, decode: (hex) => Buffer.from(hex, 'hex').toString('latin1') });
  }
  return fonts;
}

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string; spans: ActualTextSpan[]; fonts: string[] }> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  const spans: ActualTextSpan[] = [];
  const fontNames = new Set<string>();
  for (const page of pdf.getPages()) {
    const fonts = pageFonts(pdf, page.node.Resources());
    for (const font of fonts.values()) fontNames.add(font.name);
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)!) : contents ? [contents] : [];
    let font: Font | undefined;
    let span: ActualTextSpan | undefined;
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      const operators = /\/([\w.+-]+)\s+[-\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|\/Span\s*<<((?:[^>]|>(?!>))*)>>\s*BDC|\bEMC\b/g;
      for (const [operator, fontKey, shown, marked] of content.matchAll(operators)) {
        if (fontKey !== undefined) font = fonts.get(fontKey);
        else if (shown !== undefined) {
          const text = font?.decode([...shown.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('')) ?? '';
          if (span) span.glyphs.push(text);
          else lines.push(text);
        } else if (marked !== undefined) {
          const actual = /\/ActualText\s*(\((?:\\.|[^\\)])*\))/s.exec(marked);
          if (actual) span = { actual: textString(literalBytes(actual[1])), glyphs: [] };
        } else if (operator === 'EMC' && span) {
          lines.push(span.actual);
          spans.push(span);
          span = undefined;
        }
      }
    }
  }
  return { pages: pdf.getPageCount(), text: lines.join('\n'), spans, fonts: [...fontNames] };
}

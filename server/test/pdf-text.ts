/**
 * Test-only: reads a PDF back with pdf-lib (which must accept it as a PDF) and returns the text its pages
 * show, one line per text object, for the standard fonts the statements use (single-byte WinAnsi codes
 * written as hexadecimal strings).
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)!) : contents ? [contents] : [];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
        const hex = [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
        lines.push(Buffer.from(hex, 'hex').toString('latin1'));
      }
    }
  }
  return { pages: pdf.getPageCount(), text: lines.join('\n') };
}

/**
 * Bidirectional lines in a pdfkit document, for Urdu in Noto Nastaliq Urdu. pdfkit neither reorders
 * bidirectional text nor lays out a line as one run: it shapes word by word and puts the words left to
 * right, so an Urdu phrase would come out with its words in reverse. Here each line goes through the
 * Unicode bidirectional algorithm (bidi-js: embedding levels, then runs of one level, reordered), so
 * Latin names, emails, dates and "PKR 5,000" inside Urdu, Urdu names inside English, and text isolated
 * with FSI … PDI (what people typed) take their places as the algorithm says. An Urdu run is shaped
 * whole by fontkit, which joins, positions (the Nastaliq slope) and orders its glyphs right to left; a
 * Latin run is written in Helvetica. Each line with Urdu in it is marked with its text in reading order
 * (ActualText), so that copying or reading the PDF back gives the words, not the glyphs in drawing order.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { sfntFromWoff } from './woff.ts';

/**
 * The WOFF files, not WOFF2: fontkit's subsetter fails on the WOFF2 file's composite glyphs
 * ("Offset is outside the bounds of the DataView") when the PDF is finished.
 */
const FONT_FILES = {
  regular: '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-400-normal.woff',
  bold: '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-700-normal.woff',
} as const;

const URDU = 'Nastaliq';
const URDU_BOLD = 'Nastaliq-Bold';

/** The parts of fontkit this module reaches: the font pdfkit draws with, and its GPOS processor (mendMissingAnchors). */
type GposProcessor = {
  applyLookup(lookupType: number, table: unknown): boolean;
  applyAnchor(markRecord: unknown, baseAnchor: unknown, baseGlyphIndex: number): void;
};
type FontkitFont = { layout(text: string): unknown; _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor } } };

let parsedFonts: { regular: FontkitFont; bold: FontkitFont } | undefined;
/**
 * The two fonts, decoded from WOFF (woff.ts) and parsed once per process or worker thread, and shared
 * by every document after: each document still embeds only the glyphs it uses. Parsed per document,
 * they cost an Urdu statement most of its time (docs/performance-history.md, "Statements"). pdfkit takes a
 * parsed fontkit font in registerFont (its changelog, 0.20.0) but makes one only from a file's bytes,
 * inside a document: it is taken from the document that parsed it, where pdfkit keeps it
 * (`_font.font`). If pdfkit keeps it elsewhere one day, every Urdu statement fails here, and with it
 * the Urdu statement tests, rather than quietly parsing the fonts for every document again.
 */
function urduFonts() {
  if (!parsedFonts) {
    const require = createRequire(import.meta.url);
    const parsing = new PDFDocument({ autoFirstPage: false });
    const parse = (file: string) => {
      const font = (parsing.font(sfntFromWoff(readFileSync(require.resolve(file)))) as unknown as { _font?: { font?: Partial<FontkitFont> } })._font?.font;
      if (typeof font?.layout !== 'function') throw new Error('pdfkit no longer keeps the fontkit font it parsed at _font.font');
      return font as FontkitFont;
    };
    parsedFonts = { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
    mendMissingAnchors(parsedFonts.regular);
  }
  return parsedFonts;
}

const bidi = bidiFactory();

/** Arabic script (Urdu letters, its comma, full stop and semicolon): drawn in Nastaliq. */
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/**
 * The explicit directional formatting characters (marks, embeddings, overrides, isolates): they steer
 * the algorithm and are never drawn nor copied (neither font has a glyph for them).
 */
const FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Whether a line needs the bidirectional layout: it holds Arabic script or a directional formatting character. */
export const needsBidi = (text: string) => ARABIC.test(text) || new RegExp(FORMATTING.source).test(text);

/** The base direction of a line: an Urdu statement's lines are right to left, an English one's left to right. */
export type Direction = 'rtl' | 'ltr';

/**
 * `rtl`: the run's level is right to left. `latin`: drawn in Helvetica (Latin text, digits, and the
 * punctuation the Nastaliq font has no glyph for, such as ":"); else in Nastaliq.
 */
export type Run = { text: string; rtl: boolean; latin: boolean };

type LevelRun = Run & { level: number };

/**
 * A line's runs in drawing order, left to right. The line is one paragraph of the base direction given:
 * its embedding levels come from bidi-js; consecutive characters of one level and one font make a run
 * (a space stays in the run it is in, so that fontkit shapes an Urdu phrase whole); the formatting
 * characters are dropped once they have done their work; and the runs are reordered as rule L2 says,
 * from the highest level down to the lowest odd one. A Nastaliq run keeps its reading order (fontkit
 * orders its glyphs right to left); a Helvetica run on a right-to-left level is reversed here, its
 * brackets mirrored.
 */
export function bidiRuns(text: string, direction: Direction = 'rtl'): Run[] {
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: LevelRun[] = [];
  let index = 0;
  for (const char of text) {
    const level = levels[index];
    index += char.length;
    if (new RegExp(FORMATTING.source).test(char)) continue;
    const last = runs.at(-1);
    const latin = char === ' ' && last?.level === level ? last.latin : !ARABIC.test(char);
    if (last && last.level === level && last.latin === latin) last.text += char;
    else runs.push({ text: char, rtl: level % 2 === 1, latin, level });
  }
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level | 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start].level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1].level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map(({ text: runText, rtl, latin }) => ({
    text: latin && rtl ? [...runText].reverse().map((char) => bidi.getMirroredCharacter(char) ?? char).join('') : runText,
    rtl,
    latin,
  }));
}

export type RtlStyle = { size: number; bold?: boolean };

const NO_ANCHOR = Symbol('no anchor');
let anchorsMended = false;

/**
 * fontkit 2.0.4 crashes ("Cannot read properties of null (reading 'xCoordinate')") when a mark's base
 * has no anchor for the mark's class, which Noto Nastaliq Urdu has for common words (زیرِ, جائزہ and
 * names such as فائزہ). OpenType says such a subtable does not apply and the next one is tried, as
 * HarfBuzz does: that is what this makes fontkit's GPOS processor do, once per process. The processor
 * is fontkit's internal class, reached through the font pdfkit loaded. Still needed with bidi-js: it
 * only orders the runs, and fontkit still shapes each Urdu run (rtl-pdf.test.ts draws those words).
 */
function mendMissingAnchors(font: FontkitFont) {
  if (anchorsMended) return;
  font.layout('ا');
  const processor = font._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return;
  const proto = Object.getPrototypeOf(processor) as GposProcessor;
  const { applyLookup, applyAnchor } = proto;
  proto.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseGlyphIndex) {
    if (baseAnchor === null || baseAnchor === undefined) throw NO_ANCHOR;
    return applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  proto.applyLookup = function (this: GposProcessor, lookupType, table) {
    try {
      return applyLookup.call(this, lookupType, table);
    } catch (error) {
      if (error === NO_ANCHOR) return false;
      throw error;
    }
  };
  anchorsMended = true;
}

/**
 * The width of each Urdu run by weight, size and text, for every document after: a run is shaped whole
 * by fontkit to be measured, which is most of an Urdu statement's time, and its words (headings, months,
 * states) are nearly the same in every statement. Bounded, as names are in it too.
 */
const urduWidths = new Map<string, number>();
const URDU_WIDTHS_KEPT = 10_000;

/** Writes right-to-left lines into `doc`, whose fonts it registers. */
export function rtlWriter(doc: PDFKit.PDFDocument) {
  const fonts = urduFonts();
  // pdfkit's types name only files and bytes; it takes a parsed fontkit font as well.
  doc.registerFont(URDU, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(URDU_BOLD, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font(URDU);

  // An empty feature list makes pdfkit hand fontkit the whole run rather than word by word.
  const runOptions = (run: Run) => (run.latin ? { lineBreak: false, baseline: 'alphabetic' as const } : { lineBreak: false, baseline: 'alphabetic' as const, features: [] });
  const useFont = (run: Run, style: RtlStyle) =>
    doc.font(run.latin ? (style.bold ? 'Helvetica-Bold' : 'Helvetica') : style.bold ? URDU_BOLD : URDU).fontSize(style.size);
  const runWidth = (run: Run, style: RtlStyle) => {
    if (run.latin) return useFont(run, style).widthOfString(run.text, runOptions(run));
    const key = `${style.bold ? 'bold' : 'regular'} ${style.size} ${run.text}`;
    let width = urduWidths.get(key);
    if (width === undefined) {
      width = useFont(run, style).widthOfString(run.text, runOptions(run));
      if (urduWidths.size >= URDU_WIDTHS_KEPT) urduWidths.clear();
      urduWidths.set(key, width);
    }
    return width;
  };
  const measure = (text: string, style: RtlStyle, direction: Direction = 'rtl') => bidiRuns(text, direction).reduce((sum, run) => sum + runWidth(run, style), 0);

  return {
    /** The height of one line: Nastaliq climbs well above the Latin cap height and falls below it. */
    lineHeight: (style: RtlStyle) => style.size * 2.3,
    measure,

    /**
     * One line on the baseline `baseline`, its right end at `right` (or its left end at `left`), right to
     * left unless told (an English line with an Urdu name in it is left to right).
     */
    line(text: string, at: { right: number } | { left: number }, baseline: number, style: RtlStyle, direction: Direction = 'rtl') {
      const runs = bidiRuns(text, direction);
      const widths = runs.map((run) => runWidth(run, style));
      let x = 'right' in at ? at.right - widths.reduce((a, b) => a + b, 0) : at.left;
      // The line in reading order, for copying and text extraction: its glyphs are drawn in visual order.
      const urdu = runs.some((run) => run.rtl);
      if (urdu) doc.markContent('Span', { lang: 'ur', actual: text.replace(FORMATTING, '') });
      runs.forEach((run, i) => {
        useFont(run, style);
        doc.text(run.text, x, baseline, runOptions(run));
        x += widths[i];
      });
      if (urdu) doc.endMarkedContent();
    },

    /** The text broken into lines no wider than `width`, at spaces. */
    wrap(text: string, width: number, style: RtlStyle): string[] {
      const lines: string[] = [];
      let current = '';
      for (const word of text.split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && measure(candidate, style) > width) {
          lines.push(current);
          current = word;
        } else current = candidate;
      }
      if (current) lines.push(current);
      return lines;
    },
  };
}

export type RtlWriter = ReturnType<typeof rtlWriter>;

/**
 * `node scripts/csv-in-calc.ts`: opens cells written by server/lib/csv.ts in LibreOffice Calc and
 * checks that each is read as the text it should be: identifiers of digits as typed (leading zero kept,
 * no exponent, the plus kept, the invisible mark only), would-be formulas as text behind an apostrophe,
 * quoted separators as one cell. Needs `soffice` (Debian: `apt-get install libreoffice-calc`), which CI
 * does not install, so it is run by hand after a change of csv.ts (docs/security.md); the rules on the
 * text itself are tested by server/lib/csv.test.ts on every run.
 *
 * Calc converts the file to flat OpenDocument (XML), which says of every cell whether it holds a number
 * or text and what; it is read twice, with "detect special numbers" off (the default) and on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOM, csvLine, TEXT_MARK, typedCell } from '../server/lib/csv.ts';

type Case = { name: string; cell: string | null; expected: string };

const typed = (value: string): Case => ({ name: `typed ${value}`, cell: typedCell(value), expected: `${TEXT_MARK}${value}` });
const text = (value: string, expected = value): Case => ({ name: `text ${JSON.stringify(value)}`, cell: value, expected });

const cases: Case[] = [
  typed('03001234567'),
  typed('+923001234567'),
  typed('0300-1234567'),
  typed('0300 1234567'),
  typed('3520212345671'),
  typed('000123456789012345'),
  text('=1+2', "'=1+2"),
  text('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
  text('+1+2', "'+1+2"),
  text('-1+2', "'-1+2"),
  text('@SUM(1)', "'@SUM(1)"),
  text('\t=1+2', "'\t=1+2"),
  text('a;b'),
  text('a,b'),
  text('He said "yes"'),
  text('two\nlines'),
  text('عائشہ خان'),
];

function unescapeXml(s: string) {
  return s
    .replace(/<text:tab\/>/g, '\t')
    .replace(/<text:line-break\/>/g, '\n')
    .replace(/<text:s text:c="(\d+)"\/>/g, (_, n: string) => ' '.repeat(Number(n)))
    .replace(/<text:s\/>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Each row's cells as Calc read them: the value type and the text of the cell's paragraphs. */
function cellsOf(fods: string): { type: string; text: string }[][] {
  const table = fods.slice(fods.indexOf('<table:table '));
  return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) =>
    [...row.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map(([, attributes, inner = '']) => ({
      type: /office:value-type="(\w+)"/.exec(attributes)?.[1] ?? 'empty',
      text: [...inner.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map(([, p]) => unescapeXml(p)).join('\n'),
    })),
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-in-calc-'));
let failures = 0;
try {
  const file = path.join(dir, 'cells.csv');
  fs.writeFileSync(file, BOM + cases.map((c) => csvLine([c.name, c.cell])).join(''));
  // Comma, double quote, UTF-8 (76), from line 1, no column formats, en-US; quoted fields not forced to
  // text; special numbers (dates, exponents) off, then on.
  for (const specialNumbers of ['false', 'true']) {
    fs.rmSync(path.join(dir, 'cells.fods'), { force: true });
    execFileSync('soffice', ['--headless', `--infilter=CSV:44,34,76,1,,1033,false,${specialNumbers}`, '--convert-to', 'fods', '--outdir', dir, file], { stdio: 'pipe' });
    const rows = cellsOf(fs.readFileSync(path.join(dir, 'cells.fods'), 'utf8'));
    cases.forEach((c, i) => {
      const cell = rows[i]?.[1];
      const ok = rows[i]?.[0]?.text === c.name && cell?.type === 'string' && cell.text === c.expected;
      if (!ok) failures++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} special numbers ${specialNumbers}: ${c.name} → ${JSON.stringify(cell)}${ok ? '' : `, expected text ${JSON.stringify(c.expected)}`}`);
    });
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(failures === 0 ? `Calc read all ${cases.length * 2} cells as written.` : `${failures} cells were read otherwise.`);
process.exit(failures === 0 ? 0 : 1);

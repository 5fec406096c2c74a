/**
 * The rules of csv.ts on the text a spreadsheet is given. How LibreOffice Calc reads these cells was
 * checked by hand with `node scripts/csv-in-calc.ts` (docs/security.md); these tests hold the rules on
 * every run. Expected cells are written out here, not built with the functions under test.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, typedCell } from './csv.ts';

const WORD_JOINER = '\u2060';

describe('a cell', () => {
  it.each([
    ['a comma', 'Khan, Aisha', '"Khan, Aisha"'],
    ['a semicolon', 'Khan; Aisha', '"Khan; Aisha"'],
    ['a quote', 'He said "yes"', '"He said ""yes"""'],
    ['a line feed', 'two\nlines', '"two\nlines"'],
    ['a carriage return', 'two\rlines', '"two\rlines"'],
    ['CRLF', 'two\r\nlines', '"two\r\nlines"'],
    ['an apostrophe first', "'quoted", `"'quoted"`],
  ])('holding %s is quoted', (_what, value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['plain text', 'Aisha Khan'],
    ['Urdu', 'عائشہ خان'],
    ['an inner apostrophe', "Aisha's"],
    ['an inner equals sign', 'a=b'],
    ['a number', 42],
    ['an amount', '5000.00'],
  ])('with %s is written as it is', (_what, value) => {
    expect(csvCell(value)).toBe(String(value));
  });

  it('that is empty or null is empty', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it.each([
    ['=', '=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+', '+cmd|\' /C calc\'!A0', `"'+cmd|' /C calc'!A0"`],
    ['-', '-2+3', `"'-2+3"`],
    ['@', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a tab', '\t=1+2', `"'\t=1+2"`],
    ['a carriage return', '\r=1+2', `"'\r=1+2"`],
    ['= with a separator in it', '=1;2', `"'=1;2"`],
  ])('starting with %s is text behind an apostrophe, inside quotes (OWASP)', (_what, value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('a negative number is guarded the same way (OWASP lists the minus sign)', () => {
    expect(csvCell(-2)).toBe(`"'-2"`);
  });
});

describe('a phone number, a CNIC or an id of digits', () => {
  it.each(['03001234567', '+923001234567', '0300-1234567', '0300 1234567', '+92 300 1234567', '3520212345671', '000123456789012345'])(
    '%s is written as the typed text behind an invisible word joiner: no quotes, no apostrophe, no exponent',
    (typed) => {
      const written = csvCell(typedCell(typed));
      expect(written).toBe(`${WORD_JOINER}${typed}`);
      // What a spreadsheet reads: not a number (its first character is no digit, sign, point or space),
      // not a formula (nor = + - @ tab CR), and nothing visible before the typed text.
      expect(written[0]).not.toMatch(/[\d+\-.\s=@]/);
      expect(written).not.toContain("'");
      expect(written).not.toContain('"');
      expect(written.slice(1)).toBe(typed);
    },
  );

  it.each(['22222E2', '5e12', '3.5E7'])('that a spreadsheet would read as a number in scientific notation (%s) gets the mark', (code) => {
    expect(csvCell(typedCell(code))).toBe(`${WORD_JOINER}${code}`);
  });

  it('stays empty when there is none', () => {
    expect(typedCell(null)).toBeNull();
    expect(csvCell(typedCell(''))).toBe('');
  });

  it.each([
    ['a formula', '=1+2', `"'=1+2"`],
    ['a command', '+cmd|\' /C calc\'!A0', `"'+cmd|' /C calc'!A0"`],
    ['a minus first', '-1', `"'-1"`],
    ['letters', 'TX-1', 'TX-1'],
    ['a plus inside', '0300+1', '0300+1'],
  ])('that is not digits (%s) gets no mark, and the formula rule', (_what, value, written) => {
    expect(csvCell(typedCell(value))).toBe(written);
  });

  it('sits in a record like any other cell', () => {
    expect(csvLine(['Aisha', typedCell('+923001234567'), typedCell('3520212345671'), 'Khan; A'])).toBe(
      `Aisha,${WORD_JOINER}+923001234567,${WORD_JOINER}3520212345671,"Khan; A"\r\n`,
    );
  });
});

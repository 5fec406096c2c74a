/**
 * A thread of the statement-reading pool (statement-import-pool.ts): reads a bank statement's file by a
 * layout (statement-reading.ts) and fingerprints its lines, off the event loop.
 */
import { createHash } from 'node:crypto';
import type { StatementLayout, StatementLine, StatementLineError } from '../../contract/bank-statements.ts';
import { proposeMatches, type LineToMatch, type PaymentToMatch, type ProposedMatch } from './statement-matching.ts';
import { columnCount, guessLayout, previewRows, readLines, readTable, UnreadableStatement } from './statement-reading.ts';

export type ReadTask = {
  bytes: Uint8Array;
  /** The layout sent with the file; else the account's saved one; else a guess from the headings. */
  layout: StatementLayout | null;
  savedLayout: StatementLayout | null;
  /** Every line (an import), or only the first few (a preview). */
  whole: boolean;
  previewLines: number;
};

export type ReadStatement =
  | { readable: false; reason: string }
  | {
      readable: true;
      rows: string[][];
      columns: number;
      layout: StatementLayout | null;
      layoutSource: 'sent' | 'saved' | 'guessed' | 'none';
      lines: (StatementLine & { fingerprint: string })[];
      errors: StatementLineError[];
      lineCount: number;
      creditCount: number;
      tooManyLines: boolean;
    };

/**
 * A line's fingerprint: what it says, and how many lines saying the same came before it in its file, so
 * that two real transfers alike in every column stay two lines while the same file read twice adds none.
 */
function fingerprints(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const said = JSON.stringify([line.transferDate, line.description.toLowerCase(), line.credit, line.debit, line.reference, line.balance]);
    const occurrence = (seen.get(said) ?? 0) + 1;
    seen.set(said, occurrence);
    return createHash('sha256').update(`${said}#${occurrence}`).digest('hex');
  });
}

export default async function readStatement(task: ReadTask): Promise<ReadStatement> {
  let table;
  try {
    table = await readTable(task.bytes);
  } catch (error) {
    if (error instanceof RangeError) return { readable: true, rows: [], columns: 0, layout: null, layoutSource: 'none', lines: [], errors: [], lineCount: 0, creditCount: 0, tooManyLines: true };
    return { readable: false, reason: error instanceof UnreadableStatement ? error.message : 'unreadable' };
  }
  const guessed = task.layout || task.savedLayout ? null : guessLayout(table);
  const layout = task.layout ?? task.savedLayout ?? guessed;
  const layoutSource = task.layout ? 'sent' : task.savedLayout ? 'saved' : guessed ? 'guessed' : 'none';
  const read = layout ? readLines(table, layout) : { lines: [], errors: [] };
  const kept = task.whole ? read.lines : read.lines.slice(0, task.previewLines);
  const prints = fingerprints(read.lines);
  return {
    readable: true,
    rows: previewRows(table),
    columns: columnCount(table),
    layout,
    layoutSource,
    lines: kept.map((line, i) => ({ ...line, fingerprint: prints[i] })),
    errors: read.errors,
    lineCount: read.lines.length,
    creditCount: read.lines.filter((line) => line.credit !== null).length,
    tooManyLines: false,
  };
}

export type MatchTask = { lines: LineToMatch[]; payments: PaymentToMatch[]; days: number };

/** The matches of a statement's open lines (statement-matching.ts), run as this thread's `matchLines`. */
export function matchLines(task: MatchTask): ProposedMatch[] {
  return proposeMatches(task.lines, task.payments, task.days);
}

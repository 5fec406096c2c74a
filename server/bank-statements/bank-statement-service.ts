/**
 * Bank statements imported into reconciliation: a preview of a file read by a layout, and the import
 * of its lines, each kept once per bank account (by fingerprint, migration 053). The file is read in a
 * worker thread (statement-import-pool.ts); what is saved is saved in one transaction, or nothing is.
 */
import {
  bankStatementMessages,
  describeLineError,
  PREVIEW_ROWS,
  statementLayout,
  type StatementLayout,
} from '../../contract/bank-statements.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError, badRequest } from '../http/errors.ts';
import type { StatementReader } from './statement-import-pool.ts';
import type { ReadStatement } from './statement-import-worker.ts';
import { accountOrNotFound, matchStatement } from './statement-match-service.ts';

export type BankStatementDeps = { db: Database; reader: StatementReader; matchDays: number };
export type StatementFile = { data: Buffer; fileName: string };

/** The layout the account's last statement was read by; a stored one no longer valid is not offered. */
async function savedLayout(q: Queryable, bankAccountId: string): Promise<StatementLayout | null> {
  const { rows } = await q.query<{ layout: unknown }>('SELECT layout FROM bank_statement_layouts WHERE bank_account_id = $1', [bankAccountId]);
  const parsed = rows[0] ? statementLayout.safeParse(rows[0].layout) : undefined;
  return parsed?.success ? parsed.data : null;
}

async function read(deps: BankStatementDeps, bankAccountId: string, file: StatementFile, layout: StatementLayout | null, whole: boolean) {
  await accountOrNotFound(deps.db, bankAccountId);
  const result = await deps.reader.read({ bytes: file.data, layout, savedLayout: await savedLayout(deps.db, bankAccountId), whole, previewLines: PREVIEW_ROWS });
  if (!result.readable) throw badRequest(bankStatementMessages.unreadable, { statement: bankStatementMessages.unreadable });
  if (result.tooManyLines) throw badRequest(bankStatementMessages.tooManyLines, { statement: bankStatementMessages.tooManyLines });
  if (result.rows.length === 0) throw badRequest(bankStatementMessages.empty, { statement: bankStatementMessages.empty });
  return result;
}

/** The first rows of the file as they are, the layout offered for it, and its first lines read by that layout. */
export async function previewStatement(deps: BankStatementDeps, bankAccountId: string, file: StatementFile, layout: StatementLayout | null) {
  const { readable: _, tooManyLines: __, ...preview } = await read(deps, bankAccountId, file, layout, false);
  return { ...preview, lines: preview.lines.map(({ fingerprint: _print, ...line }) => line) };
}

/** A line that cannot be read refuses the whole file, naming the first such lines; nothing is saved. */
function refuseUnreadableLines(result: Extract<ReadStatement, { readable: true }>) {
  if (result.errors.length > 0) {
    throw new AppError(400, bankStatementMessages.lineUnreadable, { statement: describeLineError(result.errors[0]) }, { lineErrors: result.errors });
  }
  if (result.lineCount === 0) throw badRequest(bankStatementMessages.noMoney, { statement: bankStatementMessages.noMoney });
}

export type StatementImport = {
  id: string;
  bankAccountId: string;
  fileName: string;
  lines: number;
  added: number;
  alreadyImported: number;
  firstDate: string | null;
  lastDate: string | null;
  createdAt: string;
};

/**
 * Imports a statement's lines into the account: every line of the file is read by the layout first, and
 * the lines not yet kept are added in one transaction with the import's record, the layout remembered for
 * the account's next statement, and an audit row. The same file imported again adds no line. Once saved,
 * the account's open lines are matched to payments (statement-match-service.ts).
 */
export async function importStatement(deps: BankStatementDeps, actor: Actor, bankAccountId: string, file: StatementFile, layout: StatementLayout) {
  const record = await saveStatement(deps, actor, bankAccountId, file, layout);
  return { import: record, matching: await matchStatement(deps, bankAccountId) };
}

async function saveStatement(deps: BankStatementDeps, actor: Actor, bankAccountId: string, file: StatementFile, layout: StatementLayout): Promise<StatementImport> {
  const result = await read(deps, bankAccountId, file, layout, true);
  refuseUnreadableLines(result);
  const days = result.lines.map((line) => line.transferDate).sort();
  return deps.db.transaction(async (tx) => {
    const { rows: created } = await tx.write<{ id: string; created_at: Date }>(
      `INSERT INTO bank_statement_imports (bank_account_id, file_name, lines, added, first_date, last_date, imported_by)
       VALUES ($1, $2, $3, 0, $4, $5, $6) RETURNING id, created_at`,
      [bankAccountId, file.fileName, result.lineCount, days[0], days[days.length - 1], actor.id],
    );
    const importId = created[0].id;
    const { rowCount: added } = await tx.write(
      `INSERT INTO bank_statement_lines (bank_account_id, import_id, line_number, transfer_date, description, credit, debit, reference, balance, fingerprint)
       SELECT $1, $2, l.line_number, l.transfer_date, l.description, l.credit, l.debit, l.reference, l.balance, l.fingerprint
         FROM unnest($3::int[], $4::date[], $5::text[], $6::numeric[], $7::numeric[], $8::text[], $9::numeric[], $10::text[])
              AS l(line_number, transfer_date, description, credit, debit, reference, balance, fingerprint)
       ON CONFLICT (bank_account_id, fingerprint) DO NOTHING`,
      [
        bankAccountId,
        importId,
        result.lines.map((line) => line.line),
        result.lines.map((line) => line.transferDate),
        result.lines.map((line) => line.description),
        result.lines.map((line) => line.credit),
        result.lines.map((line) => line.debit),
        result.lines.map((line) => line.reference),
        result.lines.map((line) => line.balance),
        result.lines.map((line) => line.fingerprint),
      ],
    );
    await tx.write('UPDATE bank_statement_imports SET added = $2 WHERE id = $1', [importId, added]);
    await tx.write(
      `INSERT INTO bank_statement_layouts (bank_account_id, layout, updated_by) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (bank_account_id) DO UPDATE SET layout = EXCLUDED.layout, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [bankAccountId, JSON.stringify(layout), actor.id],
    );
    const record: StatementImport = {
      id: importId,
      bankAccountId,
      fileName: file.fileName,
      lines: result.lineCount,
      added,
      alreadyImported: result.lineCount - added,
      firstDate: days[0] ?? null,
      lastDate: days[days.length - 1] ?? null,
      createdAt: created[0].created_at.toISOString(),
    };
    await recordAudit(tx, { actorId: actor.id, ip: actor.ip, action: 'BANK_STATEMENT_IMPORT', entityType: 'bank_account', entityId: bankAccountId, after: record });
    return record;
  });
}

/**
 * Matching an account's statement lines to payments (statement-matching.ts, run in the statement
 * thread), the lines as reconciliation shows them, and approving matched receipts by reconciliation.
 * A match is only a proposal: what it changes is decided by the administrator's approval, which records
 * the statement line with each approval in the audit log.
 */
import { rupeesFromDb, toPaisa } from '../../contract/money.ts';
import { findPaymentReferences } from '../../contract/payment-reference.ts';
import { bankStatementMessages, type StatementLineView } from '../../contract/bank-statements.ts';
import { paginationOf } from '../../contract/paging.ts';
import { bankAccountMessages } from '../../contract/bank-accounts.ts';
import type { Actor } from '../audit/audit.ts';
import { findBankAccount } from '../bank-accounts/bank-account-service.ts';
import { BUSINESS_TIME_ZONE } from '../business-time.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { listTotal } from '../db/paging.ts';
import { notFound } from '../http/errors.ts';
import { approveInstalmentsByReconciliation, type InstalmentDeps } from '../instalments/instalment-service.ts';
import type { StatementReader } from './statement-import-pool.ts';
import type { LineToMatch, PaymentToMatch } from './statement-matching.ts';

export type MatchDeps = { db: Database; reader: StatementReader; matchDays: number };

export async function accountOrNotFound(q: Queryable, bankAccountId: string) {
  const account = isUuid(bankAccountId) ? await findBankAccount(q, bankAccountId) : undefined;
  if (!account) throw notFound(bankAccountMessages.notFound);
  return account;
}

/** A payment's transfer day: the one its receipt gives, else the Karachi day the receipt was sent. */
const transferDaySql = `coalesce(p.transfer_date, (p.submitted_at AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date)`;

/**
 * Matches the account's open credit lines to payments not yet matched, and keeps the matches. Two runs at
 * once keep each line and each payment to one match (the table's unique keys; a second claim is dropped).
 */
export async function matchStatement(deps: MatchDeps, bankAccountId: string) {
  await accountOrNotFound(deps.db, bankAccountId);
  const { rows: open } = await deps.db.query<{ id: string; day: string; line_number: number; description: string; reference: string | null; credit: string }>(
    `SELECT l.id, to_char(l.transfer_date, 'YYYY-MM-DD') AS day, l.line_number, l.description, l.reference, l.credit::text
       FROM bank_statement_lines l
      WHERE l.bank_account_id = $1 AND l.credit IS NOT NULL AND NOT EXISTS (SELECT 1 FROM statement_matches m WHERE m.line_id = l.id)`,
    [bankAccountId],
  );
  if (open.length === 0) return { matched: 0, byReference: 0, byAmountDateName: 0, open: 0 };
  const lines: LineToMatch[] = open.map((row) => ({ id: row.id, transferDate: row.day, line: row.line_number, description: row.description, reference: row.reference, creditPaisa: toPaisa(rupeesFromDb(row.credit)) }));
  const references = [...new Set(lines.flatMap((line) => findPaymentReferences(`${line.description} ${line.reference ?? ''}`)))];
  const days = lines.map((line) => line.transferDate).sort();
  // The payments the lines name by reference, wherever paid; and those paid into this account with a
  // receipt, not refused, whose transfer falls within the statement's days and the days a match allows.
  const { rows: candidates } = await deps.db.query<{ id: string; payment_reference: string; amount: string; transfer_day: string | null; name: string; by_amount: boolean }>(
    `SELECT p.id, p.payment_reference, p.amount::text, to_char(${transferDaySql}, 'YYYY-MM-DD') AS transfer_day, u.name,
            (p.bank_account_id = $1 AND p.status <> 'REJECTED' AND p.settled_by_payment_id IS NULL AND p.submitted_at IS NOT NULL) AS by_amount
       FROM payments p JOIN users u ON u.id = p.user_id
      WHERE NOT EXISTS (SELECT 1 FROM statement_matches m WHERE m.payment_id = p.id)
        AND (p.payment_reference = ANY($2::text[])
             OR (p.bank_account_id = $1 AND p.status <> 'REJECTED' AND p.settled_by_payment_id IS NULL AND p.submitted_at IS NOT NULL
                 AND ${transferDaySql} BETWEEN $3::date - $5::int AND $4::date + $5::int))`,
    [bankAccountId, references, days[0], days[days.length - 1], deps.matchDays],
  );
  const payments: PaymentToMatch[] = candidates.map((row) => ({
    id: row.id,
    reference: row.payment_reference,
    amountPaisa: toPaisa(rupeesFromDb(row.amount)),
    transferDate: row.transfer_day,
    name: row.name,
    byAmount: row.by_amount,
  }));
  const proposed = await deps.reader.match({ lines, payments, days: deps.matchDays });
  const { rows: kept } = await deps.db.write<{ method: string }>(
    `INSERT INTO statement_matches (line_id, payment_id, bank_account_id, method, reason)
     SELECT m.line_id, m.payment_id, $1, m.method, m.reason FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::jsonb[]) AS m(line_id, payment_id, method, reason)
     ON CONFLICT DO NOTHING RETURNING method`,
    [bankAccountId, proposed.map((m) => m.lineId), proposed.map((m) => m.paymentId), proposed.map((m) => m.method), proposed.map((m) => JSON.stringify(m.reason))],
  );
  const byReference = kept.filter((row) => row.method === 'REFERENCE').length;
  return { matched: kept.length, byReference, byAmountDateName: kept.length - byReference, open: open.length - kept.length };
}

type LineRow = {
  id: string; line_number: number; day: string; description: string; credit: string | null; debit: string | null; reference: string | null; balance: string | null;
  method: 'REFERENCE' | 'AMOUNT_DATE_NAME' | null; reason: Record<string, unknown> | null;
  payment_id: string | null; type: 'SUBSCRIPTION' | 'INSTALMENT' | null; member_name: string | null; payment_reference: string | null; amount: string | null;
  month: number | null; year: number | null; status: string | null; under_review: boolean | null; transfer_date: string | null;
};

const money = (value: string | null) => (value === null ? null : rupeesFromDb(value));

/** The account's statement lines by transfer day, with their matches: every line, the matched or the open credit lines. */
export async function statementLines(db: Queryable, bankAccountId: string, query: { from?: string; to?: string; show: 'all' | 'matched' | 'open'; page: number; limit: number }) {
  await accountOrNotFound(db, bankAccountId);
  const show = { all: 'true', matched: 'm.line_id IS NOT NULL', open: 'l.credit IS NOT NULL AND m.line_id IS NULL' }[query.show];
  // The filters need the line and its match only; the payment and its member are joined for the page's rows.
  const lineAndMatch = 'FROM bank_statement_lines l LEFT JOIN statement_matches m ON m.line_id = l.id';
  const where = `WHERE l.bank_account_id = $1 AND ($2::date IS NULL OR l.transfer_date >= $2::date) AND ($3::date IS NULL OR l.transfer_date <= $3::date) AND ${show}`;
  const params = [bankAccountId, query.from ?? null, query.to ?? null];
  const offset = (query.page - 1) * query.limit;
  const { rows } = await db.query<LineRow>(
    `SELECT l.id, l.line_number, to_char(l.transfer_date, 'YYYY-MM-DD') AS day, l.description, l.credit::text, l.debit::text, l.reference, l.balance::text,
            m.method, m.reason, p.id AS payment_id, p.type, u.name AS member_name, p.payment_reference, p.amount::text, p.month, p.year, p.status, p.under_review,
            to_char(p.transfer_date, 'YYYY-MM-DD') AS transfer_date
       ${lineAndMatch} LEFT JOIN payments p ON p.id = m.payment_id LEFT JOIN users u ON u.id = p.user_id
      ${where}
      ORDER BY l.transfer_date, l.line_number, l.id LIMIT $4 OFFSET $5`,
    [...params, query.limit, offset],
  );
  const total = await listTotal(db, { rows: rows.length, limit: query.limit, offset }, `${lineAndMatch} ${where}`, params);
  const lines: StatementLineView[] = rows.map((row) => ({
    id: row.id,
    line: row.line_number,
    transferDate: row.day,
    description: row.description,
    credit: money(row.credit),
    debit: money(row.debit),
    reference: row.reference,
    balance: money(row.balance),
    match:
      row.payment_id === null
        ? null
        : {
            method: row.method!,
            reason: row.reason ?? {},
            payment: {
              id: row.payment_id,
              type: row.type!,
              memberName: row.member_name!,
              paymentReference: row.payment_reference!,
              amount: rupeesFromDb(row.amount),
              month: row.month,
              year: row.year,
              status: row.status!,
              underReview: row.under_review!,
              transferDate: row.transfer_date,
            },
          },
  }));
  return { lines, pagination: paginationOf(query.page, query.limit, total) };
}

/**
 * Approves the receipts under review of the matched lines the administrator kept ticked, in one
 * transaction: each approval is the instalment's own (commissions, notices, email) and its audit row
 * names the statement line. A line not matched, or whose payment no longer waits for review, or a plan
 * request (approved into a group from Plan Requests), is left as it is and counted apart.
 */
export async function approveMatched(deps: InstalmentDeps & { db: Database }, admin: Actor, bankAccountId: string, lineIds: string[]) {
  await accountOrNotFound(deps.db, bankAccountId);
  const unique = [...new Set(lineIds)];
  const { rows } = await deps.db.query<{ line_id: string; payment_id: string; type: string; line_number: number; day: string; description: string; credit: string; file_name: string }>(
    `SELECT m.line_id, m.payment_id, p.type, l.line_number, to_char(l.transfer_date, 'YYYY-MM-DD') AS day, l.description, l.credit::text, i.file_name
       FROM statement_matches m JOIN bank_statement_lines l ON l.id = m.line_id JOIN bank_statement_imports i ON i.id = l.import_id JOIN payments p ON p.id = m.payment_id
      WHERE m.bank_account_id = $1 AND m.line_id = ANY($2::uuid[])`,
    [bankAccountId, unique.filter(isUuid)],
  );
  const refused: { lineId: string; reason: string }[] = unique.filter((id) => !rows.some((row) => row.line_id === id)).map((lineId) => ({ lineId, reason: bankStatementMessages.notMatched }));
  const instalments = rows.filter((row) => {
    if (row.type === 'INSTALMENT') return true;
    refused.push({ lineId: row.line_id, reason: bankStatementMessages.onlyInstalments });
    return false;
  });
  const lines = new Map(instalments.map((row) => [row.payment_id, { lineId: row.line_id, statementLine: { file: row.file_name, line: row.line_number, transferDate: row.day, description: row.description, credit: rupeesFromDb(row.credit) } }]));
  const result = await approveInstalmentsByReconciliation(deps, admin, [...lines.keys()], (paymentId) => ({ approvedBy: 'RECONCILIATION', statementLine: lines.get(paymentId)!.statementLine }));
  for (const { id } of result.refused) refused.push({ lineId: lines.get(id)!.lineId, reason: bankStatementMessages.notUnderReview });
  return { approved: result.count, refused };
}

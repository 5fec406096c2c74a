/**
 * How long a bank statement takes to import and match (docs/performance.md, "Bank statements"):
 * `node bench/statement-matching.ts [--members 10000] [--lines 10000] [--database-url URL]`.
 *
 * On the benchmarks' dataset (bench-database.ts; generated if missing), the account with the most
 * receipts gets a transfer date on each receipt (one or two days before it was sent), and a statement of
 * `lines` credit lines is written from its most recent receipts, as a bank would list them: seven in ten
 * with the payment reference in the remarks, two in ten with only the member's name (a day after the
 * transfer), one in ten deposits of nobody's. It is then imported through the product's own service
 * (read in the statement thread, saved, matched), three times over the same file (the second and third
 * add no line); and the matching alone is run again three times over the same lines. Each step's time,
 * the event loop's longest stall meanwhile, and what was matched, are printed.
 *
 * What it changes is removed at the end: the statement's lines, matches, import and layout, and the
 * transfer dates it gave. The imports' audit rows stay, as the audit log is append-only.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openPostgres } from '../server/db/database.ts';
import { importStatement } from '../server/bank-statements/bank-statement-service.ts';
import { matchStatement } from '../server/bank-statements/statement-match-service.ts';
import { StatementReader } from '../server/bank-statements/statement-import-pool.ts';
import { createLogger } from '../server/logger.ts';
import { prepareDatabase } from './bench-database.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    lines: { type: 'string', default: '10000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const log = (message: string) => console.log(message);
const members = Number(args.members);
const lineCount = Number(args.lines);
/** STATEMENT_MATCH_DAYS' default (server/config.ts). */
const MATCH_DAYS = 3;
const LAYOUT = { skipRows: 0, header: true, date: 0, description: 1, credit: 2, debit: null, reference: null, balance: null, dateOrder: 'YMD', decimalSeparator: '.', thousandsSeparator: ',' } as const;

const prepared = await prepareDatabase(args['database-url']!, members, true, log);
// The product's pool, with its statement timeout; the benchmark's own set-up and clean-up need none.
const db = openPostgres(prepared.url, { poolSize: 4 });
const setup = openPostgres(prepared.url, { poolSize: 1, statementTimeoutMs: 0 });
const reader = new StatementReader(createLogger('silent'));
const deps = { db, reader, matchDays: MATCH_DAYS };

const { rows: accounts } = await setup.query<{ id: string; n: number }>(
  `SELECT bank_account_id AS id, count(*)::int AS n FROM payments WHERE submitted_at IS NOT NULL AND bank_account_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
);
const account = accounts[0].id;
const { rows: admins } = await db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'ADMIN' LIMIT 1`);
const actor = { id: admins[0].id, ip: '127.0.0.1' };

async function cleanUp() {
  await setup.query('DELETE FROM statement_matches WHERE bank_account_id = $1', [account]);
  await setup.query('DELETE FROM bank_statement_lines WHERE bank_account_id = $1', [account]);
  await setup.query('DELETE FROM bank_statement_imports WHERE bank_account_id = $1', [account]);
  await setup.query('DELETE FROM bank_statement_layouts WHERE bank_account_id = $1', [account]);
  await setup.query('UPDATE payments SET transfer_date = NULL WHERE bank_account_id = $1 AND transfer_date IS NOT NULL', [account]);
}

try {
  await cleanUp();
  // A transfer date on every receipt into the account: one or two days before it was sent.
  await setup.query(
    `UPDATE payments SET transfer_date = (submitted_at AT TIME ZONE 'Asia/Karachi')::date - (1 + abs(hashtext(id::text)) % 2)
      WHERE bank_account_id = $1 AND submitted_at IS NOT NULL AND settled_by_payment_id IS NULL`,
    [account],
  );
  const { rows: sent } = await setup.query<{ reference: string; name: string; amount: string; day: string }>(
    `SELECT p.payment_reference AS reference, u.name, p.amount::text, to_char(p.transfer_date, 'YYYY-MM-DD') AS day
       FROM payments p JOIN users u ON u.id = p.user_id
      WHERE p.bank_account_id = $1 AND p.transfer_date IS NOT NULL AND p.status <> 'REJECTED'
      ORDER BY p.submitted_at DESC, p.id LIMIT $2`,
    [account, lineCount],
  );
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const rows = sent.map((payment, i) =>
    i % 10 < 7
      ? `${payment.day},IBFT ${payment.name.toUpperCase()} REF ${payment.reference},${payment.amount}`
      : i % 10 < 9
        ? `${nextDay(payment.day)},Funds transfer from ${payment.name.toUpperCase()},${payment.amount}`
        : `${payment.day},Cash deposit branch ${i},${1000 + i}`,
  );
  const csv = Buffer.from(['Date,Description,Credit', ...rows].join('\n'));
  log(`Account ${account}: ${accounts[0].n} receipts; a statement of ${rows.length} credit lines (${(csv.length / 1024).toFixed(0)} kB).`);

  const stall = monitorEventLoopDelay({ resolution: 10 });
  for (let run = 1; run <= 3; run++) {
    stall.reset();
    stall.enable();
    const started = performance.now();
    const result = await importStatement(deps, actor, account, { data: csv, fileName: 'bench.csv' }, LAYOUT);
    const ms = performance.now() - started;
    stall.disable();
    log(`import ${run}: ${ms.toFixed(0)} ms (read, save and match); event loop's longest stall ${(stall.max / 1e6).toFixed(0)} ms; ` +
      `added ${result.import.added} of ${result.import.lines}; matched now ${result.matching.matched} (${result.matching.byReference} by reference, ${result.matching.byAmountDateName} by amount, date and name), open ${result.matching.open}`);
  }
  for (let run = 1; run <= 3; run++) {
    await setup.query('DELETE FROM statement_matches WHERE bank_account_id = $1', [account]);
    stall.reset();
    stall.enable();
    const started = performance.now();
    const result = await matchStatement(deps, account);
    const ms = performance.now() - started;
    stall.disable();
    log(`matching alone ${run}: ${ms.toFixed(0)} ms; event loop's longest stall ${(stall.max / 1e6).toFixed(0)} ms; matched ${result.matched} (${result.byReference} by reference, ${result.byAmountDateName} by amount, date and name), open ${result.open}`);
  }
} finally {
  await cleanUp();
  await reader.close();
  await db.close();
  await setup.close();
}

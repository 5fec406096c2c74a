/** GET /api/admin/exports/{kind}.csv: what an admin list's filter shows, as a spreadsheet (admin only). */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '../../contract/accounts.ts';
import { EXPORT_KINDS, exportFileName, exportQueries, type ExportFilters, type ExportKind } from '../../contract/exports.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { responses } from '../http/schemas.ts';
import type { BusinessDay } from '../figures/figures.ts';
import { BOM, csvLine } from '../lib/csv.ts';
import { exportHeaders } from './export-headers.ts';
import { exportSources, type Cell } from './export-sources.ts';

export type ExportDeps = { db: Database; auth: AuthHooks; today: () => BusinessDay };

/** The file is streamed as it is read (never serialized): the schema only documents it. */
const csvFile = z.unknown().meta({ type: 'string', format: 'binary' });
const csvFileResponse = {
  description: 'UTF-8 CSV with a byte order mark, a header row and CRLF line ends; times in Asia/Karachi (PKT)',
  content: { 'text/csv': { schema: csvFile } },
};

const summaries: Record<ExportKind, string> = {
  payments: 'Payments as CSV, with the filters of the payments list (admin)',
  defaulters: 'Defaulters as CSV: one row per member with overdue instalments, their count and sum, with the report filters (admin)',
  winners: 'Winners as CSV, with the filters of the winners list (admin)',
  'plan-requests': 'Plan requests as CSV, with the filters of the plan requests list (admin)',
  'commission-payments': 'Commission payout batches as CSV (admin)',
  users: 'Users with their figures as CSV, with the filters of the users list (admin)',
  audit: 'The audit trail as CSV, with the filters of the audit list (admin)',
};

/** The BOM and header, then each batch as it is read: the reader pulls, so at most a batch waits in memory. */
async function* csvChunks(header: string[], first: IteratorResult<Cell[][], void>, rest: AsyncGenerator<Cell[][], void, undefined>) {
  yield BOM + csvLine(header);
  if (first.done) return;
  yield first.value.map(csvLine).join('');
  for await (const rows of rest) yield rows.map(csvLine).join('');
}

/** The filters as given, for the audit row: who exported what is personal data (RULES §11). */
const givenFilters = (filters: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));

/** The signed-in admin's language, read at each download so that a change on their profile applies at once. */
async function readerLanguage(db: Database, userId: string): Promise<Language> {
  const { rows } = await db.query<{ language: Language }>('SELECT language FROM users WHERE id = $1', [userId]);
  return rows[0]?.language ?? 'en';
}

export function registerExportRoutes(app: FastifyInstance, deps: ExportDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const route = <K extends ExportKind>(kind: K) =>
    api.get(
      `/api/admin/exports/${kind}.csv`,
      {
        onRequest: deps.auth.requireAdmin,
        schema: {
          tags: ['exports'],
          summary: summaries[kind],
          querystring: exportQueries[kind],
          response: { ...responses({}), 200: csvFileResponse },
        },
      },
      async (request, reply) => {
        const filters = request.query as ExportFilters<K>;
        const day = deps.today();
        const actor = actorOf(request);
        await recordAudit(deps.db, { actorId: actor.id, action: 'DATA_EXPORT', entityType: 'export', entityId: kind, after: { kind, filters: givenFilters(filters) }, ip: actor.ip });
        const { batches } = exportSources[kind](deps.db, day, filters);
        const header = exportHeaders[await readerLanguage(deps.db, actor.id)][kind](day.today);
        // The first batch is read before anything is sent: a failure there is still an ordinary error answer.
        const first = await batches.next();
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(kind, day.today)}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(csvChunks(header, first, batches), { objectMode: false }));
      },
    );

  for (const kind of EXPORT_KINDS) route(kind);
}

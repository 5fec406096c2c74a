/**
 * /api/admin/bank-accounts/{id}/statements: an administrator's bank statement, previewed by a layout and
 * imported into reconciliation (bank-statement-service.ts). Both read a multipart form: the file
 * `statement` (CSV or .xlsx, at most 5 MB) and the field `layout` (JSON; optional for a preview).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveMatchedAnswer,
  approveMatchedBody,
  bankStatementMessages,
  matchRunAnswer,
  statementImportAnswer,
  statementLayout,
  statementLinesAnswer,
  statementLinesQuery,
  statementPreviewAnswer,
  type StatementLayout,
} from '../../contract/bank-statements.ts';
import type { InstalmentDeps } from '../instalments/instalment-service.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { parseFormFields } from '../http/form-fields.ts';
import { idParam, responses } from '../http/schemas.ts';
import { readUploadForm, type UploadFile } from '../receipts/receipt-upload.ts';
import { importStatement, previewStatement, type BankStatementDeps, type StatementFile } from './bank-statement-service.ts';
import { approveMatched, matchStatement, statementLines } from './statement-match-service.ts';

const statementFile: UploadFile = {
  field: 'statement',
  tooLarge: () => new AppError(413, bankStatementMessages.tooLarge, { statement: bankStatementMessages.tooLarge }),
  wrongType: () => new AppError(415, bankStatementMessages.unreadable, { statement: bankStatementMessages.unreadable }),
  refusal: 'not a statement file',
};

/** The form as the API document shows it. */
const statementForm = (layoutRequired: boolean) =>
  z.object({
    statement: z.string().meta({ format: 'binary', description: 'The statement: a CSV file (any separator) or an Excel workbook (.xlsx, first sheet), at most 5 MB' }),
    layout: (layoutRequired ? z.string() : z.string().optional()).describe('The layout as JSON (StatementLayout): which column holds what, the date order and the separators'),
  });

const layoutField = z.object({ layout: z.string().optional() });

async function readStatementForm(request: FastifyRequest, layoutRequired: boolean): Promise<{ file: StatementFile; layout: StatementLayout | null }> {
  const { fields, file } = await readUploadForm(request, statementFile);
  const { layout: text } = parseFormFields(layoutField, fields);
  if (!file || file.data.length === 0) throw badRequest(bankStatementMessages.file, { statement: bankStatementMessages.file });
  let layout: StatementLayout | null = null;
  if (text !== undefined && text !== '') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest(bankStatementMessages.layout, { layout: bankStatementMessages.layout });
    }
    const parsed = statementLayout.safeParse(json);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.length > 0 ? `layout.${issue.path.join('.')}` : 'layout', issue.message]));
      throw badRequest(bankStatementMessages.layout, errors);
    }
    layout = parsed.data;
  }
  if (layoutRequired && !layout) throw badRequest(bankStatementMessages.layout, { layout: bankStatementMessages.layout });
  return { file: { data: file.data, fileName: file.filename }, layout };
}

export function registerBankStatementRoutes(app: FastifyInstance, deps: BankStatementDeps & InstalmentDeps & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };

  api.post(
    '/api/admin/bank-accounts/:id/statements/preview',
    {
      ...admin,
      config: { multipartForm: statementForm(false) },
      schema: {
        tags: ['bank accounts'],
        summary: "Read a bank statement without saving it: its first rows, the layout offered (the one sent, else the account's last, else a guess), and its first lines read by it (multipart/form-data)",
        params: idParam,
        response: responses({ 200: statementPreviewAnswer }),
      },
    },
    async (request) => {
      const { file, layout } = await readStatementForm(request, false);
      const data = await previewStatement(deps, request.params.id, file, layout);
      return { success: true as const, message: bankStatementMessages.previewed, data };
    },
  );

  api.post(
    '/api/admin/bank-accounts/:id/statements',
    {
      ...admin,
      config: { multipartForm: statementForm(true) },
      schema: {
        tags: ['bank accounts'],
        summary: 'Import a bank statement by a layout: every line read, or nothing saved; lines already imported are not added again (multipart/form-data)',
        params: idParam,
        response: responses({ 201: statementImportAnswer }),
      },
    },
    async (request, reply) => {
      const { file, layout } = await readStatementForm(request, true);
      const data = await importStatement(deps, actorOf(request), request.params.id, file, layout!);
      return reply.code(201).send({ success: true as const, message: bankStatementMessages.imported, data });
    },
  );

  api.post(
    '/api/admin/bank-accounts/:id/statements/match',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: "Match the account's open statement lines to payments: by the payment reference in a line, else by amount, transfer date and the member's name",
        params: idParam,
        response: responses({ 200: matchRunAnswer }),
      },
    },
    async (request) => ({ success: true as const, message: bankStatementMessages.matched, data: await matchStatement(deps, request.params.id) }),
  );

  api.get(
    '/api/admin/bank-accounts/:id/statement-lines',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: "The account's imported statement lines by transfer day, each with the payment it is matched to and why",
        params: idParam,
        querystring: statementLinesQuery,
        response: responses({ 200: statementLinesAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await statementLines(deps.db, request.params.id, request.query) }),
  );

  api.post(
    '/api/admin/bank-accounts/:id/statements/approve',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: 'Approve by reconciliation the instalments under review matched to these statement lines; each approval names its line in the audit log',
        params: idParam,
        body: approveMatchedBody,
        response: responses({ 200: approveMatchedAnswer }),
      },
    },
    async (request) => ({ success: true as const, message: bankStatementMessages.approvedByReconciliation, data: await approveMatched(deps, actorOf(request), request.params.id, request.body.lineIds) }),
  );
}

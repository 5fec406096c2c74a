/**
 * Statements as PDF (RULES §6a): a member's own, of one group or of all their groups, and any member's
 * for an admin. Each is drawn as it is sent.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import type { InstalmentDeps } from './instalment-service.ts';
import { memberStatement, statementPdf, type Statement } from './statements.ts';

/** The PDF is written as it is sent (never serialized: the schema only documents it). */
const statementFile = z.any().meta({ type: 'string', format: 'binary' });
const pdfAnswer = { ...responses({}), 200: { description: 'The statement, as a PDF', content: { 'application/pdf': { schema: statementFile } } } };

function sendPdf(reply: FastifyReply, statement: Statement) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="statement-${statement.asOf}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(statementPdf(statement));
}

export function registerStatementRoutes(app: FastifyInstance, deps: Pick<InstalmentDeps, 'db' | 'today'> & { auth: AuthHooks }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  const admin = { onRequest: deps.auth.requireAdmin };

  api.get(
    '/api/committee-plans/user/groups/:groupId/statement.pdf',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: "The caller's statement of one of their groups: every instalment, their totals paid, owed and remaining, and the group's collected, paid out and held",
        params: z.object({ groupId: z.string().max(100) }),
        response: pdfAnswer,
      },
    },
    async (request, reply) => sendPdf(reply, await memberStatement(deps.db, deps.today(), currentUser(request).id, request.params.groupId)),
  );

  api.get(
    '/api/payments/statement.pdf',
    { ...member, schema: { tags: ['payments'], summary: "The caller's statement of all their groups", response: pdfAnswer } },
    async (request, reply) => sendPdf(reply, await memberStatement(deps.db, deps.today(), currentUser(request).id, null)),
  );

  api.get(
    '/api/admin/users/:id/statement.pdf',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: "A member's statement, of all their groups or of one (groupId) (admin)",
        params: idParam,
        querystring: z.object({ groupId: z.string().max(100).optional() }),
        response: pdfAnswer,
      },
    },
    async (request, reply) => sendPdf(reply, await memberStatement(deps.db, deps.today(), request.params.id, request.query.groupId ?? null)),
  );
}

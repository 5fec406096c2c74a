/**
 * Statements as PDF (RULES §6a): a member's own, of one group or of all their groups, and any member's
 * for an admin. Each is read here and drawn in a worker thread (statement-pool.ts), then sent whole.
 * One signed-in person may ask for so many in a window (429), and a pool with as many statements as it
 * takes answers 503 with Retry-After.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminStatementQuery, groupStatementParams } from '../../contract/statements.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { currentUser, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import { Throttle } from '../http/throttle.ts';
import type { InstalmentDeps } from './instalment-service.ts';
import type { StatementPool } from './statement-pool.ts';
import { memberStatement } from './statements.ts';

/** The PDF is sent as it was drawn (never serialized: the schema only documents it). */
const statementFile = z.any().meta({ type: 'string', format: 'binary' });
const pdfAnswer = { ...responses({}), 200: { description: 'The statement, as a PDF', content: { 'application/pdf': { schema: statementFile } } } };

export type StatementLimits = {
  /** Statements one signed-in person may ask for in a window: a member needs one a month, and a few retries. */
  perUser: number;
  windowMs: number;
};

export const defaultStatementLimits: StatementLimits = { perUser: 20, windowMs: 10 * 60_000 };

export function registerStatementRoutes(
  app: FastifyInstance,
  deps: Pick<InstalmentDeps, 'db' | 'today'> & { auth: AuthHooks; attempts: AttemptCounter; limits: StatementLimits; pool: StatementPool },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  const admin = { onRequest: deps.auth.requireAdmin };
  // Keyed by whoever asks, the admin included: each statement costs a thread's time whoever it is for.
  const throttle = new Throttle(deps.attempts, 'statement', deps.limits.perUser, deps.limits.windowMs);

  /** Counted before anything is read; then read, drawn and sent. */
  async function sendStatement(request: FastifyRequest, reply: FastifyReply, userId: string, groupId: string | null) {
    await throttle.admit(currentUser(request).id);
    const statement = await memberStatement(deps.db, deps.today(), userId, groupId);
    const pdf = await deps.pool.draw(statement);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="statement-${statement.asOf}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  }

  api.get(
    '/api/committee-plans/user/groups/:groupId/statement.pdf',
    {
      ...member,
      schema: {
        tags: ['payments'],
        summary: "The caller's statement of one of their groups: every instalment, their totals paid, owed and remaining, and the group's collected, paid out and held",
        params: groupStatementParams,
        response: pdfAnswer,
      },
    },
    async (request, reply) => sendStatement(request, reply, currentUser(request).id, request.params.groupId),
  );

  api.get(
    '/api/payments/statement.pdf',
    { ...member, schema: { tags: ['payments'], summary: "The caller's statement of all their groups", response: pdfAnswer } },
    async (request, reply) => sendStatement(request, reply, currentUser(request).id, null),
  );

  api.get(
    '/api/admin/users/:id/statement.pdf',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: "A member's statement, of all their groups or of one (groupId) (admin)",
        params: idParam,
        querystring: adminStatementQuery,
        response: pdfAnswer,
      },
    },
    async (request, reply) => sendStatement(request, reply, request.params.id, request.query.groupId ?? null),
  );
}

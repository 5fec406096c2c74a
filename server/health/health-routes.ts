/** GET /api/health: the server answers and its database is reachable. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerCode } from '../../contract/answers.ts';
import type { Database } from '../db/database.ts';
import { responses } from '../http/schemas.ts';
import { freshAnswer } from '../http/answer-cache.ts';

const healthBody = z.object({
  success: z.boolean(),
  /** `ok`, or `serverError` when the database cannot be reached (set with every answer's code, app.ts). */
  code: answerCode,
  message: z.string(),
  data: z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['reachable', 'unreachable']), time: z.string() }),
});

export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { ...freshAnswer, schema: { tags: ['health'], summary: 'Server and database health', response: responses({ 200: healthBody, 503: healthBody }) } },
    async (request, reply) => {
      const reachable = await db.query('SELECT 1').then(
        () => true,
        (error) => {
          request.log.error({ err: error }, 'database unreachable');
          return false;
        },
      );
      return reply.code(reachable ? 200 : 503).send({
        success: reachable,
        message: reachable ? 'OK' : 'Database unreachable',
        data: { status: reachable ? 'ok' : 'degraded', database: reachable ? 'reachable' : 'unreachable', time: new Date().toISOString() },
      });
    },
  );
}

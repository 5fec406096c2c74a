/**
 * The health answers: GET /api/health (the specification's: the server and its database), and for a
 * load balancer or orchestrator GET /api/health/live (the process answers: restart it if not) and
 * GET /api/health/ready (send it requests or not: readiness.ts). None is limited or refused for an
 * overloaded event loop: they are how the overload is seen.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswer, healthMessages, livenessAnswer, readinessAnswer } from '../../contract/operations.ts';
import type { Database } from '../db/database.ts';
import { responses } from '../http/schemas.ts';
import { checkReadiness, type ReadinessSources } from './readiness.ts';
import { currentRelease } from './release.ts';

/** Route options of a probe: never refused by the overload guard. */
const probe = { config: { overloadGuard: false } };

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database; readiness: ReadinessSources }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/health',
    { ...probe, schema: { tags: ['health'], summary: 'Server and database health', security: [], response: responses({ 200: healthAnswer, 503: healthAnswer }) } },
    async (request, reply) => {
      const reachable = await deps.db.query('SELECT 1').then(
        () => true,
        (error) => {
          request.log.error({ err: error }, 'database unreachable');
          return false;
        },
      );
      return reply.code(reachable ? 200 : 503).send({
        success: reachable,
        message: reachable ? 'OK' : 'Database unreachable',
        data: { status: reachable ? 'ok' : 'degraded', database: reachable ? 'reachable' : 'unreachable', time: new Date().toISOString(), ...currentRelease() },
      });
    },
  );

  api.get(
    '/api/health/live',
    { ...probe, schema: { tags: ['health'], summary: 'Liveness: the process answers (for an orchestrator: restart it when this fails)', security: [], response: responses({ 200: livenessAnswer }) } },
    async () => ({ success: true as const, message: 'OK', data: { status: 'live' as const, ...currentRelease() } }),
  );

  api.get(
    '/api/health/ready',
    {
      ...probe,
      schema: {
        tags: ['health'],
        summary:
          'Readiness: the database answers within a second, change notices are heard, the receipt store answers, the server is not stopping and its event loop is not overloaded (for a load balancer: send it requests only while this answers 200)',
        security: [],
        response: responses({ 200: readinessAnswer, 503: readinessAnswer }),
      },
    },
    async (_request, reply) => {
      const report = await checkReadiness(deps.readiness);
      return reply.code(report.ready ? 200 : 503).send({
        success: report.ready,
        message: report.ready ? 'OK' : healthMessages.notReady(report.failing.join(', ')),
        data: { status: report.ready ? 'ready' : 'not ready', parts: report.parts, failing: report.failing },
      });
    },
  );
}

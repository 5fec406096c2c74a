/**
 * The operator's view of a server (docs/deploy.md): the health answers a load balancer reads. The
 * web app reads none of them; they live here beside every other answer's shape.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';

/** The parts a server needs to serve requests, each checked by GET /api/health/ready. */
export const readinessParts = ['database', 'notices', 'storage', 'shutdown', 'eventLoop'] as const;
export type ReadinessPart = (typeof readinessParts)[number];

/** What runs: the package's version and, when known, the commit it was built from. */
export const releaseShape = z.object({ version: z.string(), commit: z.string().nullable() });
export type Release = z.infer<typeof releaseShape>;

/** GET /api/health (the specification's): the server answers and its database is reachable. */
export const healthAnswer = z.object({
  success: z.boolean(),
  /** `ok`, or `serverError` when the database cannot be reached. */
  code: answerCode,
  message: z.string(),
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['reachable', 'unreachable']),
    time: z.string(),
    ...releaseShape.shape,
  }),
});

/** GET /api/health/live: the process answers. */
export const livenessAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ status: z.literal('live'), ...releaseShape.shape }) });

/** GET /api/health/ready: every part the server needs, `failing` naming those that are not. */
export const readinessAnswer = z.object({
  success: z.boolean(),
  code: answerCode,
  message: z.string(),
  data: z.object({
    status: z.enum(['ready', 'not ready']),
    parts: z.object(Object.fromEntries(readinessParts.map((part) => [part, z.enum(['ok', 'failing'])])) as Record<ReadinessPart, z.ZodEnum<{ ok: 'ok'; failing: 'failing' }>>),
    failing: z.array(z.enum(readinessParts)),
  }),
});

export const healthMessages = {
  /** The parts named are those a load balancer's operator must look at. */
  notReady: (parts: string) => `Not ready: ${parts}.`,
} as const;

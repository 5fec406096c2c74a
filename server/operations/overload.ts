/**
 * The overload guard: while the event loop's mean delay has stayed above MAX_EVENT_LOOP_DELAY_MS for
 * two samples in a row (about a second), requests are answered at once with 503 `service.busy` and
 * Retry-After instead of queueing without end behind the work that holds the loop, and readiness fails
 * too, so that a load balancer sends the work elsewhere. The health probes and the metrics are never
 * refused: they are how the overload is seen.
 *
 * Like @fastify/under-pressure's event-loop check, but sustained: one long task alone (the embedded
 * database migrating at start, a large report on it) is not an overload, and a server that had one
 * must not refuse the requests that follow it. Decision 044.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { serviceMessages } from '../../contract/availability.ts';
import { unavailable } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route answers even when the server is overloaded (the health probes, the metrics). */
    overloadGuard?: boolean;
  }
}

/** How often the loop's delay is read: its mean over each such window is one sample. */
const SAMPLE_MS = 500;
/** Samples in a row over the limit that make an overload. */
const SUSTAINED_SAMPLES = 2;
/** The monitor's resolution, taken off each mean (a loop that waits for nothing still shows it). */
const RESOLUTION_MS = 10;

export type OverloadGuard = {
  /** Whether the server is overloaded now. */
  overloaded(): boolean;
};

/** Registers the guard on every route; never overloaded when the limit is 0. Stopped when the app closes. */
export function registerOverloadGuard(app: FastifyInstance, maxEventLoopDelayMs: number): OverloadGuard {
  if (maxEventLoopDelayMs <= 0) return { overloaded: () => false };
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let over = 0;
  const sample = setInterval(() => {
    const meanMs = histogram.mean / 1e6 - RESOLUTION_MS;
    histogram.reset();
    over = meanMs > maxEventLoopDelayMs ? over + 1 : 0;
  }, SAMPLE_MS);
  sample.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(sample);
    histogram.disable();
    done();
  });
  const guard: OverloadGuard = { overloaded: () => over >= SUSTAINED_SAMPLES };
  app.addHook('onRequest', (request, _reply, done) => {
    if (guard.overloaded() && request.routeOptions.config?.overloadGuard !== false) done(unavailable(serviceMessages.busy));
    else done();
  });
  return guard;
}

/**
 * Whether this server should be sent requests now (GET /api/health/ready), part by part: a load
 * balancer stops sending to a server that is not ready and starts again when it is, while the process
 * itself stays up (GET /api/health/live). docs/deploy.md says what each failing part means.
 */
import type { ReadinessPart } from '../../contract/operations.ts';
import type { Database } from '../db/database.ts';

/** How long each part may take to answer before it counts as failing. */
export const READINESS_LIMIT_MS = 1_000;

/** What start.ts tells the app about its own life: set once SIGTERM has come. */
export type Lifecycle = { draining: boolean };

export type ReadinessSources = {
  db: Database;
  /** Whether every change-notice listener hears (nothing is answered from memory while one does not). */
  noticesHeard: () => boolean;
  /** Resolves when the store of receipt files answers. */
  storageReachable: () => Promise<void>;
  lifecycle: Lifecycle;
  /** Whether the event loop lags past its limit (the overload guard). */
  overloaded: () => boolean;
};

export type ReadinessReport = { ready: boolean; parts: Record<ReadinessPart, 'ok' | 'failing'>; failing: ReadinessPart[] };

/** The promise's outcome, or a failure once `ms` have passed. */
async function answersWithin(work: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work().then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(sources: ReadinessSources, limitMs = READINESS_LIMIT_MS): Promise<ReadinessReport> {
  const [database, storage] = await Promise.all([
    answersWithin(() => sources.db.query('SELECT 1'), limitMs),
    answersWithin(() => sources.storageReachable(), limitMs),
  ]);
  const ok: Record<ReadinessPart, boolean> = {
    database,
    notices: sources.noticesHeard(),
    storage,
    shutdown: !sources.lifecycle.draining,
    eventLoop: !sources.overloaded(),
  };
  const parts = Object.fromEntries(Object.entries(ok).map(([part, fine]) => [part, fine ? 'ok' : 'failing'])) as ReadinessReport['parts'];
  const failing = (Object.keys(ok) as ReadinessPart[]).filter((part) => !ok[part]);
  return { ready: failing.length === 0, parts, failing };
}

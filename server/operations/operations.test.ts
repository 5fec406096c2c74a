/**
 * The operator's view of a server, in process (docs/deploy.md): the health answers with the release,
 * readiness part by part, the overload guard, and the metrics a Prometheus scrape reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleOf } from '../test/prometheus-text.ts';
import { client, createTestContext, openTestFile, signUpMember, type TestContext } from '../test/test-app.ts';
import { HourlyJob } from '../hourly-job.ts';
import { createLogger } from '../logger.ts';
import { Metrics, serveMetricsLocally } from './metrics.ts';
import type { Lifecycle } from './readiness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packageVersion = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;

const METRICS_TOKEN = 'a-metrics-token-for-the-tests';
const lifecycle: Lifecycle = { draining: false };
const metrics = new Metrics();
const { ctx, api } = await openTestFile({ env: { METRICS_TOKEN }, app: { metrics, lifecycle } });

/** A scrape of GET /metrics with the token, parsed. */
async function scrape(context: Pick<TestContext, 'app'> = ctx) {
  const answer = await context.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(answer.body);
}

describe('the health answers', () => {
  it('carry the release: the package version and the commit when known', async () => {
    const live = await api.get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ success: true, code: 'ok', data: { status: 'live', version: packageVersion } });
    expect(live.body.data.commit === null || /^[0-9a-f]{40}$/.test(live.body.data.commit)).toBe(true);

    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'ok', database: 'reachable', version: packageVersion, commit: live.body.data.commit });
  });

  it('say ready part by part, and not ready, naming the part, once the server is stopping; each answer then closes its connection', async () => {
    const ready = await api.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({
      status: 'ready',
      parts: { database: 'ok', notices: 'ok', storage: 'ok', shutdown: 'ok', eventLoop: 'ok' },
      failing: [],
    });
    expect(ready.headers.connection).not.toBe('close');

    lifecycle.draining = true;
    try {
      const stopping = await api.get('/api/health/ready');
      expect(stopping.status).toBe(503);
      expect(stopping.body).toMatchObject({ success: false, code: 'health.notReady', message: 'Not ready: shutdown.', data: { status: 'not ready', failing: ['shutdown'] } });
      expect(stopping.headers.connection).toBe('close');
      // Requests still arriving on open connections are answered, and told to go elsewhere next time.
      const live = await api.get('/api/health/live');
      expect(live.status).toBe(200);
      expect(live.headers.connection).toBe('close');
    } finally {
      lifecycle.draining = false;
    }
  });
});

describe('the overload guard', () => {
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestContext({ env: { MAX_EVENT_LOOP_DELAY_MS: '50' } });
  });
  afterAll(() => guarded.close());

  /** Holds the event loop in 300 ms slices, as a server drawing PDFs on it would, for about `ms`. */
  async function holdTheLoop(ms: number) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const slice = Date.now() + 300;
      while (Date.now() < slice) {
        // Busy: nothing else runs on the loop meanwhile.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('refuses requests with 503 service.busy and Retry-After while the loop lags, says so in readiness, answers the probes, and recovers', async () => {
    const guardedApi = client(guarded);
    expect((await guardedApi.get('/api/committee-plans')).status).toBe(200);
    // Held for about 1.6 s, the loop lags for three samples; on a machine busy with other work a sample
    // can fall between the slices, so the hold is tried again (a few times at most) until it shows.
    let refused = { status: 0, body: undefined as unknown, headers: {} as Record<string, unknown> };
    for (let tries = 0; refused.status !== 503 && tries < 4; tries++) {
      await holdTheLoop(1_600);
      refused = await guardedApi.get('/api/committee-plans');
    }
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 'service.busy', message: 'The server is busy just now. Please try again in a moment.' });
    expect(refused.headers['retry-after']).toBe('5');
    const ready = await guardedApi.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data.failing).toEqual(['eventLoop']);
    expect((await guardedApi.get('/api/health/live')).status).toBe(200);

    // Once the loop is free for a sample, the server serves again.
    let status = 503;
    while (status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await guardedApi.get('/api/committee-plans')).status;
    }
    expect((await guardedApi.get('/api/health/ready')).status).toBe(200);
  });

  it('is not set off by one long task alone, as a database migrating at start', async () => {
    const guardedApi = client(guarded);
    const until = Date.now() + 1_200;
    while (Date.now() < until) {
      // One task holding the loop.
    }
    expect((await guardedApi.get('/api/committee-plans')).status).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('does not exist without a token configured, and asks for the token when one is', async () => {
    const plain = await createTestContext();
    try {
      // Not a route then: the address is one of the web app's pages (or its "not built" answer), never the figures.
      const answer = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(answer.headers['content-type']).not.toMatch(/version=0\.0\.4/);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    } finally {
      await plain.close();
    }
    const without = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ success: false, code: 'unauthorized' });
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode).toBe(401);
  });

  it('counts requests by route and status with their durations, the pool, the statements, the outbox and the session cache', async () => {
    const member = await signUpMember(ctx);
    const before = await scrape();
    const count = (exposition: typeof before, labels: Record<string, string>) =>
      exposition.samples.find((s) => s.name === 'http_request_duration_seconds_count' && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

    for (let i = 0; i < 3; i++) expect((await api.get('/api/health/live')).status).toBe(200);
    expect((await api.get('/api/auth/me', member.token)).status).toBe(200);
    expect((await api.get('/api/auth/me', member.token)).status).toBe(200);
    expect((await api.get('/api/auth/me')).status).toBe(401);
    expect((await api.get('/api/no-such-route')).status).toBe(404);

    const after = await scrape();
    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(count(after, { method: 'GET', route: '/api/health/live', status: '200' }) - count(before, { method: 'GET', route: '/api/health/live', status: '200' })).toBe(3);
    expect(count(after, { method: 'GET', route: '/api/auth/me', status: '200' }) - count(before, { method: 'GET', route: '/api/auth/me', status: '200' })).toBe(2);
    expect(count(after, { method: 'GET', route: '/api/auth/me', status: '401' }) - count(before, { method: 'GET', route: '/api/auth/me', status: '401' })).toBe(1);
    expect(count(after, { method: 'GET', route: 'unmatched', status: '404' }) - count(before, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    // Every bucket of a histogram holds at least the one below it, and +Inf holds the count.
    const buckets = after.samples.filter((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === '/api/health/live' && s.labels.status === '200');
    expect(buckets.at(-1)!.labels.le).toBe('+Inf');
    expect(buckets.at(-1)!.value).toBe(count(after, { method: 'GET', route: '/api/health/live', status: '200' }));
    buckets.slice(1).forEach((bucket, i) => expect(bucket.value).toBeGreaterThanOrEqual(buckets[i].value));

    expect(sampleOf(after, 'db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(sampleOf(before, 'db_query_duration_seconds_count', { outcome: 'ok' }));
    const pool = ctx.db.connections();
    expect(sampleOf(after, 'db_pool_connections', { state: 'open' })).toBe(pool.open);
    expect(sampleOf(after, 'db_pool_connections', { state: 'waiting' })).toBe(0);

    // The outbox as the database holds it: the member's verification email, sent by no worker here.
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status = 'PENDING'`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(sampleOf(after, 'mail_outbox_waiting')).toBe(rows[0].n);
    expect(sampleOf(after, 'mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);

    // The member's second read of the session was a hit on a server that hears changes.
    const sessions = (exposition: typeof before, result: string) => sampleOf(exposition, 'cache_lookups_total', { cache: 'sessions', result });
    expect(sessions(after, 'hit') + sessions(after, 'miss')).toBeGreaterThan(sessions(before, 'hit') + sessions(before, 'miss'));
  });

  it('counts each job run, failed or not, with the time of its last run', async () => {
    const outcomes = [undefined, new Error('the job failed on purpose')];
    for (const outcome of outcomes) {
      const job = new HourlyJob(
        async () => {
          if (outcome) throw outcome;
        },
        { name: 'metrics-test', logger: createLogger('silent'), metrics, done: () => {} },
      );
      job.start();
      await job.stop();
    }

    const exposition = await scrape();
    expect(sampleOf(exposition, 'job_runs_total', { job: 'metrics-test', outcome: 'ok' })).toBe(1);
    expect(sampleOf(exposition, 'job_runs_total', { job: 'metrics-test', outcome: 'failed' })).toBe(1);
    const lastFailed = sampleOf(exposition, 'job_last_run_timestamp_seconds', { job: 'metrics-test', outcome: 'failed' });
    expect(Math.abs(lastFailed - Date.now() / 1000)).toBeLessThan(600);
  });

  it('are served on a port of their own on 127.0.0.1, without a token, with Node’s own figures', async () => {
    const serverMetrics = new Metrics({ processMetrics: true });
    const local = await serveMetricsLocally(serverMetrics, 0);
    try {
      const address = local.address() as { address: string; port: number };
      expect(address.address).toBe('127.0.0.1');
      const answer = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(answer.status).toBe(200);
      const exposition = parsePrometheusText(await answer.text());
      expect(exposition.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
      expect(sampleOf(exposition, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });
});

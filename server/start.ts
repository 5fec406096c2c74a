/**
 * A running server: the database, the app, the mail worker and the background jobs, and the way they
 * stop. The one start, used by `npm start` (main.ts), by the browser tests and by the benchmark, so
 * that what they run is what production runs.
 *
 * Stopping (SIGTERM or SIGINT, main.ts): readiness turns 503 at once and the listening socket closes
 * (no new connections); each answer from then on closes its connection; requests in flight have
 * SHUTDOWN_GRACE_SECONDS to finish, after which their connections are cut; the jobs stop between
 * steps; the database closes last. docs/deploy.md, "Signals".
 */
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { Config } from './config.ts';
import { withStatementTimeout, type Database } from './db/database.ts';
import { foldKeptMoves } from './db/kept-moves.ts';
import { HourlyJob } from './hourly-job.ts';
import { deleteEndedAttemptWindows } from './http/attempt-counter.ts';
import { deleteExpiredIdempotencyKeys } from './http/idempotency.ts';
import type { Logger } from './logger.ts';
import { MailWorker } from './mail/outbox.ts';
import { MessageWorker, recordPhoneProviders, type ChannelProviders } from './messaging/message-outbox.ts';
import { createPushSender, vapidKeysOf } from './messaging/push-sender.ts';
import { createPhoneProviders } from './messaging/phone-providers.ts';
import { createMailTransport } from './mail/transport.ts';
import { Metrics, serveMetricsLocally } from './operations/metrics.ts';
import type { Lifecycle } from './operations/readiness.ts';
import { currentRelease } from './operations/release.ts';
import { businessDayOf } from './figures/figures.ts';
import { markOverdueInstalments } from './instalments/overdue-job.ts';
import { createReceiptStorage } from './receipts/create-receipt-storage.ts';
import type { ReceiptStorage } from './receipts/receipt-storage.ts';
import { sweepOrphanReceipts } from './receipts/orphan-sweep.ts';
import { sendDueReminders } from './reminders/reminder-service.ts';
import { openDatabase } from './runtime.ts';

export type StartOptions = {
  config: Config;
  logger: Logger;
  /** The database to use as it is (the benchmark counts its statements); opened from the configuration, and migrated, unless given. */
  db?: Database;
  /** The hourly jobs (overdue, reminders, receipt sweep, clean-up); on unless false. */
  jobs?: boolean;
  /** How often the mail and message workers look for due messages, in milliseconds; 5 s unless given. */
  mailIntervalMs?: number;
  /** Anything else the app is built with (the built web app's folder, limits of a test run). */
  app?: Partial<Omit<AppOptions, 'config' | 'db' | 'logger' | 'mailQueued' | 'metrics' | 'lifecycle'>>;
};

export type RunningServer = {
  app: FastifyInstance;
  db: Database;
  /** The address the server listens on. */
  url: string;
  /** Drains and stops everything (once; later calls wait for the first). Resolves when all is closed. */
  stop(reason: string): Promise<void>;
};

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const release = currentRelease();
  logger.info(release, 'starting');
  const metrics = new Metrics({ processMetrics: true });
  const db = options.db ?? (await openDatabase(config, logger));
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  // The jobs' statements may run longer than a request may wait (DATABASE_JOB_STATEMENT_TIMEOUT_MS).
  const jobDb = metrics.timed(withStatementTimeout(db, config.databaseTimeouts.jobStatementMs));
  const mailWorker = new MailWorker(metrics.timed(db), transport, logger.child({ worker: 'mail' }), options.mailIntervalMs);
  // Push, WhatsApp and SMS (decisions 056, 057): push with the VAPID keys (configured, or made once and kept
  // in the database); WhatsApp and the SMS gateway as configured. Only the channels with a provider are
  // written to; the same phone providers send the codes that confirm a phone.
  const phoneProviders = options.app?.phoneProviders ?? createPhoneProviders(config.phone, config.appUrl);
  const providers: ChannelProviders = { push: createPushSender(await vapidKeysOf(db, config.push), config.push.subject), phone: phoneProviders };
  await recordPhoneProviders(db, Object.keys(providers.phone) as (keyof ChannelProviders['phone'])[]);
  const messageWorker = new MessageWorker(metrics.timed(db), providers, logger.child({ worker: 'messages' }), options.mailIntervalMs);
  const receiptStorage = options.app?.receiptStorage ?? createReceiptStorage(config);
  const lifecycle: Lifecycle = { draining: false };
  // Whatever queues mail may also have written channel messages (the same events tell both).
  const queued = () => {
    mailWorker.nudge();
    messageWorker.nudge();
  };
  const app = await buildApp({ ...options.app, config, db, logger, receiptStorage, metrics, lifecycle, mailQueued: queued, phoneProviders });
  const jobs = options.jobs === false ? [] : hourlyJobs(jobDb, config, logger, metrics, queued, receiptStorage);

  const address = await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metrics.port ? await serveMetricsLocally(metrics, config.metrics.port) : undefined;
  mailWorker.start();
  messageWorker.start();
  for (const job of jobs) job.start();
  logger.info(
    { url: config.appUrl, listening: address, database: db.kind, mail: config.smtpUrl ? 'smtp' : 'log', receipts: config.receiptStore.kind, ...release },
    'Umrah Committee is running',
  );

  let stopped: Promise<void> | undefined;
  const stop = (reason: string) =>
    (stopped ??= (async () => {
      lifecycle.draining = true;
      logger.info({ reason, graceSeconds: config.shutdownGraceSeconds }, 'stopping: finishing the requests in flight');
      // Requests still running when the grace ends are cut: the process must end, and their clients retry.
      const grace = setTimeout(() => {
        logger.warn('stopping: the grace period is over, open connections are cut');
        app.server.closeAllConnections();
      }, config.shutdownGraceSeconds * 1000);
      grace.unref();
      // app.close() stops listening at once and resolves when every connection has ended, then closes
      // what the app holds (listening connections, the statement workers). The jobs stop meanwhile.
      await Promise.all([app.close(), mailWorker.stop(), messageWorker.stop(), ...jobs.map((job) => job.stop())]);
      clearTimeout(grace);
      await closeServer(metricsServer);
      transport.close();
      await db.close();
      logger.info('stopped');
    })());

  return { app, db, url: address, stop };
}

function closeServer(server: http.Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/**
 * The background jobs, each at start and then hourly, each safe on several servers by its own
 * statements: instalments marked overdue and announced once, reminders before and on the due date
 * (docs/rules.md), receipt files whose row never committed removed after an hour, and the clean-up
 * (figures kept as moves folded, stored idempotent answers and ended attempt windows forgotten).
 */
function hourlyJobs(db: Database, config: Config, logger: Logger, metrics: Metrics, mailQueued: () => void, receiptStorage: ReceiptStorage): HourlyJob<unknown>[] {
  const today = () => businessDayOf(new Date(), config.overdueGraceDay);
  const job = <T>(name: string, run: () => Promise<T>, done: (result: T, log: Logger) => void) => {
    const log = logger.child({ job: name });
    return new HourlyJob(run, { name, logger: log, metrics, done: (result) => done(result, log) }) as HourlyJob<unknown>;
  };
  return [
    job('overdue', () => markOverdueInstalments(db, today(), config.appUrl), (count, log) => {
      if (count === 0) return;
      log.info({ count }, 'instalments marked overdue');
      mailQueued();
    }),
    job('reminders', () => sendDueReminders(db, today(), config.appUrl), (sent, log) => {
      if (sent.before + sent.due === 0) return;
      log.info(sent, 'reminders sent');
      mailQueued();
    }),
    job('receipt-sweep', () => sweepOrphanReceipts(db, receiptStorage), (count, log) => {
      if (count > 0) log.info({ count }, 'orphan receipt files removed');
    }),
    job(
      'clean-up',
      async () => {
        // Each on its own: one that fails does not keep the others from their work.
        const failed = (await Promise.allSettled([foldKeptMoves(db), deleteExpiredIdempotencyKeys(db), deleteEndedAttemptWindows(db)])).find((step) => step.status === 'rejected');
        if (failed) throw failed.reason;
      },
      () => {},
    ),
  ];
}

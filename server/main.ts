/** Starts the product: `npm start`. Ctrl-C (SIGINT) or SIGTERM stops it cleanly. */
import { buildApp } from './app.ts';
import { foldKeptMoves } from './db/kept-moves.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { MailWorker } from './mail/outbox.ts';
import { createMailTransport } from './mail/transport.ts';
import { businessDayOf } from './payments/figures.ts';
import { markOverdueInstalments } from './payments/overdue-job.ts';
import { sendDueReminders } from './reminders/reminder-service.ts';
import { HourlyJob } from './hourly-job.ts';
import { deleteEndedAttemptWindows } from './http/attempt-counter.ts';
import { deleteExpiredIdempotencyKeys } from './http/idempotency.ts';
import { createReceiptStorage } from './receipts/create-receipt-storage.ts';
import { sweepOrphanReceipts } from './receipts/orphan-sweep.ts';
import { openDatabase } from './runtime.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config, logger);
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  const mailWorker = new MailWorker(db, transport, logger.child({ worker: 'mail' }));
  const receiptStorage = createReceiptStorage(config);
  const app = await buildApp({ config, db, logger, receiptStorage, mailQueued: () => mailWorker.nudge() });
  const today = () => businessDayOf(new Date(), config.overdueGraceDay);
  // Overdue instalments recorded and announced once; reminders before and on the due date (docs/rules.md).
  const overdueLogger = logger.child({ job: 'overdue' });
  const overdue = new HourlyJob(() => markOverdueInstalments(db, today(), config.appUrl), {
    logger: overdueLogger,
    failure: 'overdue check failed',
    done: (count) => {
      if (count === 0) return;
      overdueLogger.info({ count }, 'instalments marked overdue');
      mailWorker.nudge();
    },
  });
  const reminderLogger = logger.child({ job: 'reminders' });
  const reminders = new HourlyJob(() => sendDueReminders(db, today(), config.appUrl), {
    logger: reminderLogger,
    failure: 'reminders failed',
    done: (sent) => {
      if (sent.before + sent.due === 0) return;
      reminderLogger.info(sent, 'reminders sent');
      mailWorker.nudge();
    },
  });
  // Receipt bytes stored for a row that never committed, removed after an hour (receipts/orphan-sweep.ts).
  const sweepLogger = logger.child({ job: 'receipt-sweep' });
  const receiptSweep = new HourlyJob(() => sweepOrphanReceipts(db, receiptStorage), {
    logger: sweepLogger,
    failure: 'receipt orphan sweep failed',
    done: (count) => {
      if (count > 0) sweepLogger.info({ count }, 'orphan receipt files removed');
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking requests, let the jobs finish their step, then close the database.
    await app.close();
    await overdue.stop();
    await reminders.stop();
    await receiptSweep.stop();
    await mailWorker.stop();
    transport.close();
    await db.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  mailWorker.start();
  overdue.start();
  reminders.start();
  receiptSweep.start();
  // Stored answers of idempotent requests are kept for a day (server/http/idempotency.ts); ended windows
  // of the limits on attempts are forgotten (server/http/attempt-counter.ts); figures kept as moves are
  // folded into a row per key (server/db/kept-moves.ts).
  const cleanUp = () => {
    foldKeptMoves(db).catch((error) => logger.error({ err: error }, 'kept moves fold failed'));
    deleteExpiredIdempotencyKeys(db).catch((error) => logger.error({ err: error }, 'idempotency key clean-up failed'));
    deleteEndedAttemptWindows(db).catch((error) => logger.error({ err: error }, 'attempt counter clean-up failed'));
  };
  // At start too: a server restarted more often than hourly still folds.
  cleanUp();
  setInterval(cleanUp, 60 * 60_000).unref();
  logger.info({ url: config.appUrl, database: db.kind, mail: config.smtpUrl ? 'smtp' : 'log', receipts: config.receiptStore.kind }, 'Umrah Committee is running');
}

main().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

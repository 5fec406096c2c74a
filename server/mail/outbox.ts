/**
 * The outgoing mail queue (RULES §11). A request only inserts a row, inside its own transaction,
 * so a slow or down mail server never fails or slows it. The worker claims due rows with
 * FOR UPDATE SKIP LOCKED (safe with several servers), sends them, and retries with back-off.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { PollingWorker } from '../lib/polling-worker.ts';
import type { MailTransport, OutgoingEmail } from './transport.ts';

export async function enqueueEmail(q: Queryable, email: OutgoingEmail): Promise<void> {
  await q.write('INSERT INTO email_outbox (to_address, subject, text_body, html_body, headers) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    email.to,
    email.subject,
    email.text,
    email.html ?? null,
    JSON.stringify(email.headers ?? {}),
  ]);
}

const MAX_ATTEMPTS = 10;
const BATCH_SIZE = 20;
const LOCK_SECONDS = 120;

/** Waits 30 s, 1, 2, 4 … minutes between tries, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

type ClaimedRow = { id: string; to_address: string; subject: string; text_body: string; html_body: string | null; headers: Record<string, string>; attempts: number };

export class MailWorker extends PollingWorker {
  private readonly db: Database;
  private readonly transport: MailTransport;
  private readonly logger: Logger;

  constructor(db: Database, transport: MailTransport, logger: Logger, intervalMs = 5000) {
    super((error) => logger.error({ err: error }, 'mail worker run failed'), intervalMs);
    this.db = db;
    this.transport = transport;
    this.logger = logger;
  }

  /** Sends every message that is due now; returns how many were sent. */
  protected async work(): Promise<number> {
    let sent = 0;
    for (;;) {
      const { rows } = await this.db.write<ClaimedRow>(
        `UPDATE email_outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $1)
         WHERE id IN (
           SELECT id FROM email_outbox
           WHERE status = 'PENDING' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
           ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, to_address, subject, text_body, html_body, headers, attempts`,
        [LOCK_SECONDS, BATCH_SIZE],
      );
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await this.transport.send({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined, headers: row.headers });
          await this.db.write(`UPDATE email_outbox SET status = 'SENT', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`, [row.id]);
          sent++;
        } catch (error) {
          const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
          const giveUp = row.attempts >= MAX_ATTEMPTS;
          await this.db.write(
            `UPDATE email_outbox SET status = $2, locked_until = NULL, last_error = $3,
               next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
            [row.id, giveUp ? 'FAILED' : 'PENDING', reason, retryDelaySeconds(row.attempts)],
          );
          this.logger.warn({ emailId: row.id, attempts: row.attempts, giveUp, reason }, 'email not sent');
        }
      }
      if (this.stopped) return sent;
    }
  }
}

/** The mail waiting to be sent, and how long the oldest has waited (the operator's metrics). */
export async function outboxBacklog(db: Queryable): Promise<{ waiting: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ waiting: number; oldest_seconds: number | null }>(
    `SELECT count(*)::int AS waiting, extract(epoch FROM now() - min(created_at))::float8 AS oldest_seconds FROM email_outbox WHERE status = 'PENDING'`,
  );
  return { waiting: rows[0].waiting, oldestSeconds: rows[0].oldest_seconds ?? 0 };
}

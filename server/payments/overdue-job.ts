/**
 * Marks unpaid instalments OVERDUE once the grace day of their month has passed (RULES §2, §6), in the
 * business time zone. One statement changes the rows and, from the same rows, writes the notifications
 * and emails: run twice, or on two servers at once, each instalment is marked and announced once.
 */
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { karachiToday } from '../business-time.ts';

export async function markOverdueInstalments(db: Database, today: { year: number; month: number; day: number }, graceDay: number, appUrl: string): Promise<number> {
  const todayDate = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  const { rows } = await db.query<{ n: number }>(
    `WITH marked AS (
       UPDATE payments p SET status = 'OVERDUE', updated_at = now()
       FROM users u
       WHERE u.id = p.user_id AND p.type = 'INSTALMENT' AND p.status = 'PENDING' AND NOT p.under_review
         AND p.due_date + make_interval(days => $2 - 1) < $1::date
       RETURNING p.id, p.user_id, p.month, p.year, u.email, u.name
     ), notified AS (
       INSERT INTO notifications (user_id, type, title, message, data)
       SELECT user_id, 'INSTALMENT_OVERDUE', 'Payment overdue',
         'Your payment for ' || to_char(make_date(year, month, 1), 'FMMonth YYYY') || ' is overdue. Please pay it as soon as you can.',
         jsonb_build_object('paymentId', id)
       FROM marked
     ), mailed AS (
       INSERT INTO email_outbox (to_address, subject, text_body)
       SELECT email, 'Payment overdue',
         'Assalam-o-Alaikum ' || name || E',\\n\\nYour payment for ' || to_char(make_date(year, month, 1), 'FMMonth YYYY') ||
         E' is overdue. Please pay it as soon as you can.\\n\\n' || $3 || E'/dashboard\\n\\nUmrah Committee'
       FROM marked
     )
     SELECT count(*)::int AS n FROM marked`,
    [todayDate, graceDay, appUrl],
  );
  return rows[0].n;
}

/** Runs the overdue check at start and every hour; stop() waits for a run in progress. */
export class OverdueScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly options: { graceDay: number; appUrl: string; logger: Logger; mailQueued: () => void; intervalMs?: number },
  ) {}

  start(): void {
    const run = () => {
      this.running = markOverdueInstalments(this.db, karachiToday(), this.options.graceDay, this.options.appUrl)
        .then((count) => {
          if (count > 0) {
            this.options.logger.info({ count }, 'instalments marked overdue');
            this.options.mailQueued();
          }
        })
        .catch((error) => this.options.logger.error({ err: error }, 'overdue check failed'));
    };
    run();
    this.timer = setInterval(run, this.options.intervalMs ?? 60 * 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

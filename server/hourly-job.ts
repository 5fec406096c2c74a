/**
 * A job run at start and every hour (the overdue check, the reminders, the receipt sweep, the
 * clean-up), on the business day of the moment it runs. A run's failure is logged and counted, and the
 * next hour tries again; stop() waits for a run in progress, so a job stops between its steps. Each job
 * is safe on several servers at once by its own statements, not by this runner.
 */
import type { Logger } from './logger.ts';
import type { Metrics } from './operations/metrics.ts';

export type HourlyJobOptions<T> = {
  /** The job's name in the log and the metrics (job_runs_total{job}). */
  name: string;
  logger: Logger;
  metrics?: Metrics;
  done: (result: T) => void;
  intervalMs?: number;
};

export class HourlyJob<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly run: () => Promise<T>;
  private readonly options: HourlyJobOptions<T>;

  constructor(run: () => Promise<T>, options: HourlyJobOptions<T>) {
    this.run = run;
    this.options = options;
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.run().then(
        (result) => {
          this.options.metrics?.jobRan(this.options.name, 'ok');
          this.options.done(result);
        },
        (error) => {
          this.options.metrics?.jobRan(this.options.name, 'failed');
          this.options.logger.error({ err: error }, `${this.options.name} failed`);
        },
      );
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs ?? 60 * 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}

/**
 * A job run at start and every hour (the overdue check, the reminders), on the business day of the
 * moment it runs. A run's failure is logged and the next hour tries again; stop() waits for a run in
 * progress. Each job is safe on several servers at once by its own statement, not by this runner.
 */
import type { Logger } from './logger.ts';

export class HourlyJob<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly run: () => Promise<T>;
  private readonly options: { logger: Logger; failure: string; done: (result: T) => void; intervalMs?: number };

  constructor(run: () => Promise<T>, options: { logger: Logger; failure: string; done: (result: T) => void; intervalMs?: number }) {
    this.run = run;
    this.options = options;
  }

  start(): void {
    const tick = () => {
      this.running = this.run()
        .then(this.options.done)
        .catch((error) => this.options.logger.error({ err: error }, this.options.failure));
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs ?? 60 * 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

/**
 * Work run now and then, and soon when nudged: one run at a time per process (a second caller waits for
 * the run under way), and none started once stopped. The outboxes' workers are ones
 * (mail/outbox.ts, messaging/message-outbox.ts): each says what a run does.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private isStopped = true;
  private readonly onError: (error: unknown) => void;
  private readonly intervalMs: number;

  constructor(onError: (error: unknown) => void, intervalMs: number) {
    this.onError = onError;
    this.intervalMs = intervalMs;
  }

  /** One run: answers what it counted (sent, say). */
  protected abstract work(): Promise<number>;

  /** Whether stop() was called: a run checks it between its steps. */
  get stopped(): boolean {
    return this.isStopped;
  }

  start(): void {
    this.isStopped = false;
    this.schedule(0);
  }

  /** Asks for a run soon: called after a request queued work, so that it goes out in seconds. */
  nudge(): void {
    if (!this.isStopped) this.schedule(50);
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  /** Runs the work now; answers what it counted. */
  async runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.work().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch(this.onError)
        .finally(() => {
          if (!this.isStopped) this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}

/**
 * Bank statements are read in a worker thread (statement-import-worker.ts): a workbook of thousands of
 * lines is seconds of parsing that would hold up every other request on the event loop. Imports are
 * rare (an administrator's, a few a month per account), so one thread is started for them when needed
 * and ends once idle; at most a few statements are taken at once, and one more is refused at once with
 * 503 and Retry-After rather than queued behind work nobody may still be waiting for.
 */
import Piscina from 'piscina';
import { AppError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { bankStatementMessages } from '../../contract/bank-statements.ts';
import type { ReadStatement, ReadTask } from './statement-import-worker.ts';

const READING_AT_ONCE = 3;
const RETRY_AFTER_SECONDS = 5;

export class StatementReader {
  readonly #logger: Logger;
  #thread: Piscina<ReadTask, ReadStatement> | undefined;
  #inFlight = 0;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  async read(task: ReadTask): Promise<ReadStatement> {
    if (this.#inFlight >= READING_AT_ONCE) throw new AppError(503, bankStatementMessages.busy, undefined, undefined, RETRY_AFTER_SECONDS);
    this.#inFlight++;
    try {
      return await this.#started().run(task, { transferList: [] });
    } finally {
      this.#inFlight--;
    }
  }

  #started(): Piscina<ReadTask, ReadStatement> {
    if (!this.#thread) {
      this.#thread = new Piscina<ReadTask, ReadStatement>({
        filename: new URL('./statement-import-worker.ts', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 30_000,
        maxQueue: READING_AT_ONCE,
      });
      this.#thread.on('error', (error: unknown) => this.#logger.error({ err: error }, 'statement reading thread failed'));
    }
    return this.#thread;
  }

  async close(): Promise<void> {
    await this.#thread?.destroy();
  }
}

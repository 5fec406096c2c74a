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
import type { MatchTask, ReadStatement, ReadTask } from './statement-import-worker.ts';
import type { ProposedMatch } from './statement-matching.ts';

const READING_AT_ONCE = 3;
const RETRY_AFTER_SECONDS = 5;

export class StatementReader {
  readonly #logger: Logger;
  #thread: Piscina<ReadTask | MatchTask, unknown> | undefined;
  #inFlight = 0;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** The file's rows and lines by a layout (statement-reading.ts). */
  read(task: ReadTask): Promise<ReadStatement> {
    return this.#run(task, 'default') as Promise<ReadStatement>;
  }

  /** The matches of a statement's open lines (statement-matching.ts). */
  match(task: MatchTask): Promise<ProposedMatch[]> {
    return this.#run(task, 'matchLines') as Promise<ProposedMatch[]>;
  }

  async #run(task: ReadTask | MatchTask, name: string): Promise<unknown> {
    if (this.#inFlight >= READING_AT_ONCE) throw new AppError(503, bankStatementMessages.busy, undefined, undefined, RETRY_AFTER_SECONDS);
    this.#inFlight++;
    try {
      return await this.#started().run(task, { name });
    } finally {
      this.#inFlight--;
    }
  }

  #started(): Piscina<ReadTask | MatchTask, unknown> {
    if (!this.#thread) {
      this.#thread = new Piscina<ReadTask | MatchTask, unknown>({
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

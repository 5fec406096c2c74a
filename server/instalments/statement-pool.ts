/**
 * Statements are drawn in worker threads (decision 042): an Urdu statement is hundreds of milliseconds
 * of shaping, which on the event loop held up every other request. The route reads the statement on
 * the main thread and hands its data here; a thread draws it (statement-worker.ts) and the bytes come
 * back. What the pool takes is bounded: so many threads draw at once and so many statements wait for
 * one; past that a statement is refused at once with 503 and Retry-After, rather than queued without
 * end behind work nobody may still be waiting for.
 *
 * The threads start with the first statement (an app that draws none, as most test apps, starts none)
 * and live until the pool is closed, keeping their fonts parsed; the app closes the pool when it closes.
 * A thread that dies fails only the statement it was drawing; another takes its place.
 */
import Piscina from 'piscina';
import { AppError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type drawStatement from './statement-worker.ts';
import type { Statement } from './statements.ts';
import { statementMessages } from '../../contract/statements.ts';

/**
 * The Retry-After of a refused statement: a thread draws one in well under a second once its fonts are
 * loaded (docs/performance.md, "Statements"), so a full queue has moved on within a few seconds.
 */
export const STATEMENT_RETRY_AFTER_SECONDS = 5;

/** The pool has as many statements as it takes: the answer is 503 with Retry-After. */
export class StatementsBusy extends AppError {
  constructor() {
    super(503, statementMessages.busy, undefined, undefined, STATEMENT_RETRY_AFTER_SECONDS);
  }
}

export type StatementPoolSettings = {
  /** Threads drawing at once (STATEMENT_WORKERS). */
  threads: number;
  /** Statements that may wait for a thread (STATEMENT_QUEUE); one more is refused. */
  queue: number;
};

type DrawnStatement = Awaited<ReturnType<typeof drawStatement>>;

const statementWorker = new URL('./statement-worker.ts', import.meta.url);

export class StatementPool {
  readonly #settings: StatementPoolSettings;
  readonly #logger: Logger;
  readonly #worker: URL;
  #threads: Piscina<Statement, DrawnStatement> | undefined;
  #inFlight = 0;
  #closed = false;

  /** `worker` is the module each thread runs: statement-worker.ts, unless a test gives a stand-in for it. */
  constructor(settings: StatementPoolSettings, logger: Logger, worker: URL = statementWorker) {
    this.#settings = settings;
    this.#logger = logger;
    this.#worker = worker;
  }

  /** Statements taken and not yet answered: drawing, or waiting for a thread. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Threads alive now: none before the first statement, and none once the pool is closed. */
  get threads(): number {
    return this.#threads?.threads.length ?? 0;
  }

  /** The statement's PDF, drawn by a thread; StatementsBusy when as many statements as the pool takes are in it. */
  async draw(statement: Statement): Promise<Buffer> {
    if (this.#closed) throw new Error('the statement pool is closed');
    // Counted here rather than read from piscina's queue: the refusal is decided at once, before the
    // statement is handed over, and holds while threads are starting or replacing one that died.
    if (this.#inFlight >= this.#settings.threads + this.#settings.queue) throw new StatementsBusy();
    this.#inFlight++;
    try {
      const bytes = await this.#started().run(statement);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } finally {
      this.#inFlight--;
    }
  }

  #started(): Piscina<Statement, DrawnStatement> {
    if (!this.#threads) {
      const { threads, queue } = this.#settings;
      this.#threads = new Piscina<Statement, DrawnStatement>({
        filename: this.#worker.href,
        // All threads at once, kept while idle: each keeps its parsed fonts for the next statement.
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: Infinity,
        // The same bound as the count above, which refuses first.
        maxQueue: queue,
        // In the order they came: by default a statement that finds every thread busy goes back to the
        // queue's end, and under steady load one waited the whole of a 10 s run (docs/performance-history.md).
        stricterFIFO: true,
        // Drawing makes much short-lived garbage: with V8's default young generation a thread grew to
        // about 220 MB resident, with 8 MB to about 100 MB, drawing as fast (docs/performance-history.md).
        resourceLimits: { maxYoungGenerationSizeMb: 8 },
      });
      // A thread that fails between statements: logged, and replaced by piscina. Unheard, it would end the process.
      this.#threads.on('error', (error: unknown) => this.#logger.error({ err: error }, 'statement thread failed'));
    }
    return this.#threads;
  }

  /** Ends every thread; statements still waiting fail. Called when the app closes. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#threads?.destroy();
  }
}

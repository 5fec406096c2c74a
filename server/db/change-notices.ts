/**
 * Notices of changes heard on one channel, for what a server keeps in memory and must forget when
 * the data behind it changes (the sessions of decision 017):
 * - Triggers announce a change when its transaction commits; every server hears it on a listening
 *   connection of its own and hands it to onNotify.
 * - This process's own committed changes are heard before anything kept is used (hearOwnChanges):
 *   a marker is sent on the channel after them and waited for, so that the request that follows a
 *   change on this server never sees what it replaced.
 * - While nothing is heard (the listening connection is lost) nothing kept may be used: onReset is
 *   called when listening stops and when it starts again, and `listening` says which.
 */
import type { Logger } from '../logger.ts';
import type { Database, ListenOptions, NotificationListener } from './database.ts';

export type ChangeNoticeHandlers = {
  /** A notice: the payload the trigger sent. */
  onNotify(payload: string): void;
  /** Forget everything: listening has stopped, or has started again after changes may have been missed. */
  onReset(): void;
};

export type ChangeNoticeOptions = {
  logger?: Logger;
  /** How the listening connection is kept (reconnect delay, heartbeat, application name). */
  listen?: ListenOptions;
  /** What is kept, for the log lines: "sessions", "answers". */
  what: string;
};

export class ChangeNotices {
  readonly #db: Database;
  readonly #handlers: ChangeNoticeHandlers;
  readonly #options: ChangeNoticeOptions;
  #listener: NotificationListener | undefined;
  #listening = false;
  #lostSince: number | undefined;
  /** This process's changes (Database.changesCommitted) whose notifications have all been heard. */
  #heardUpTo = 0;
  #syncing: Promise<void> | undefined;

  private constructor(db: Database, handlers: ChangeNoticeHandlers, options: ChangeNoticeOptions) {
    this.#db = db;
    this.#handlers = handlers;
    this.#options = options;
  }

  /** Starts listening; resolves after the first attempt, whether it succeeded or not. */
  static async start(db: Database, channel: string, handlers: ChangeNoticeHandlers, options: ChangeNoticeOptions): Promise<ChangeNotices> {
    const notices = new ChangeNotices(db, handlers, options);
    notices.#listener = await db.listen(
      channel,
      {
        onNotify: (payload) => handlers.onNotify(payload),
        onListening: () => notices.#started(),
        onLost: (error) => notices.#stopped(error),
      },
      options.listen,
    );
    return notices;
  }

  /** Whether changes are heard now, and so whether what is kept may be used. */
  get listening(): boolean {
    return this.#listening;
  }

  /**
   * Waits until every notification of this process's committed changes has been heard; false when
   * that cannot be known (the listener is lost), and nothing kept may be used.
   */
  async hearOwnChanges(): Promise<boolean> {
    if (!this.#listening) return false;
    const target = this.#db.changesCommitted();
    if (this.#heardUpTo >= target) return true;
    try {
      while (this.#heardUpTo < target) {
        // One marker round trip, shared by every request waiting meanwhile; it covers the changes
        // counted when it was sent.
        if (!this.#syncing) {
          const upTo = this.#db.changesCommitted();
          this.#syncing = this.#listener!.sync()
            .then(() => {
              this.#heardUpTo = Math.max(this.#heardUpTo, upTo);
            })
            .finally(() => {
              this.#syncing = undefined;
            });
        }
        await this.#syncing;
      }
      return this.#listening;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.#listening = false;
    this.#handlers.onReset();
    await this.#listener?.close();
  }

  #started() {
    this.#handlers.onReset();
    this.#heardUpTo = this.#db.changesCommitted();
    this.#listening = true;
    if (this.#lostSince !== undefined) {
      this.#options.logger?.info({ lostForMs: Math.round(performance.now() - this.#lostSince) }, `changes are heard again; ${this.#options.what} are kept again`);
      this.#lostSince = undefined;
    }
  }

  #stopped(error: unknown) {
    this.#listening = false;
    this.#handlers.onReset();
    // Once per outage (or failed start), not at every attempt to listen again.
    if (this.#lostSince === undefined) {
      this.#lostSince = performance.now();
      this.#options.logger?.warn({ err: error }, `changes are not heard: ${this.#options.what} are read from the database until they are`);
    }
  }
}

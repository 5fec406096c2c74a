/**
 * Where receipt files live. A folder under DATA_DIR by default, outside any public folder, under
 * random names; or an S3-compatible bucket (s3-receipt-storage.ts), chosen by the configuration.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface ReceiptStorage {
  /** Stores the bytes under a new random key and returns the key. */
  save(data: Buffer, extension: string): Promise<string>;
  /** The stored bytes, or undefined when they are not there (another server's disk, a file removed by hand). */
  open(key: string): Promise<Readable | undefined>;
  /** Removes the bytes; a key already gone is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored key with the time its bytes were stored, for the orphan sweep (orphan-sweep.ts).
   * Names this store did not make are left out, so that nothing else in the same place is touched.
   */
  list(): AsyncIterable<StoredReceipt>;
  /** Resolves when the store can be written to now (readiness); rejects with the reason otherwise. */
  check(): Promise<void>;
}

/**
 * The store could not be reached or written (a bucket out of reach, a disk full or failing): the
 * request may be sent again later, and answers 503 `storage.unavailable` (app.ts). `cause` is logged.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the receipt store is unavailable', { cause });
  }
}

/** The file-system errors of a disk that cannot serve now, as opposed to a missing file or a wrong key. */
const DISK_FAULTS = new Set(['EIO', 'ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EDQUOT', 'EMFILE', 'ENFILE', 'EBUSY', 'ENOTDIR']);

/** Runs a disk operation; its faults become StorageUnavailableError. */
async function onDisk<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (DISK_FAULTS.has((error as NodeJS.ErrnoException).code ?? '')) throw new StorageUnavailableError(error);
    throw error;
  }
}

export type StoredReceipt = { key: string; storedAt: Date };

/** The only keys a store makes and accepts: a random UUID and one of the three checked kinds. */
export const RECEIPT_KEY = /^[0-9a-f-]{36}\.(jpg|png|pdf)$/;

/** A new random key for bytes of this kind. */
export function newReceiptKey(extension: string): string {
  return `${randomUUID()}.${extension}`;
}

export class FolderReceiptStorage implements ReceiptStorage {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** Written and flushed to the disk before it returns, so a row that names the file never outlives a crash that lost it. */
  async save(data: Buffer, extension: string): Promise<string> {
    const key = newReceiptKey(extension);
    const file = this.pathOf(key);
    return onDisk(async () => {
      const handle = await fs.promises.open(file, 'wx', 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } catch (error) {
        // Half a file is never left behind under a name a row could be given.
        await handle.close().catch(() => {});
        await fs.promises.rm(file, { force: true }).catch(() => {});
        throw error;
      }
      await handle.close();
      return key;
    });
  }

  async open(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    return onDisk(async () => {
      try {
        // Opened before answering, so that a missing file is a 404 and not a stream that fails mid-answer.
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    });
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    await onDisk(() => fs.promises.rm(file, { force: true }));
  }

  async check(): Promise<void> {
    await fs.promises.access(this.dir, fs.constants.W_OK);
  }

  async *list(): AsyncIterable<StoredReceipt> {
    for (const name of await fs.promises.readdir(this.dir)) {
      if (!RECEIPT_KEY.test(name)) continue;
      try {
        const stats = await fs.promises.stat(this.pathOf(name));
        yield { key: name, storedAt: stats.mtime };
      } catch (error) {
        // Removed between the listing and now (a failed upload cleaning up, another sweep): nothing to sweep.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  /** Keys are only ever ones this class made; anything else could walk out of the folder. */
  private pathOf(key: string): string {
    if (!RECEIPT_KEY.test(key)) throw new Error('invalid receipt key');
    return path.join(this.dir, key);
  }
}

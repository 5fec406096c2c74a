/**
 * Where receipt files live. A folder under DATA_DIR by default, outside any public folder, under
 * random names. Behind this interface so that an S3-compatible store can replace the folder.
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
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\.(jpg|png|pdf)$/;

export class FolderReceiptStorage implements ReceiptStorage {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** Written and flushed to the disk before it returns, so a row that names the file never outlives a crash that lost it. */
  async save(data: Buffer, extension: string): Promise<string> {
    const key = `${randomUUID()}.${extension}`;
    const handle = await fs.promises.open(this.pathOf(key), 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return key;
  }

  async open(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      // Opened before answering, so that a missing file is a 404 and not a stream that fails mid-answer.
      const handle = await fs.promises.open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  /** Keys are only ever ones this class made; anything else could walk out of the folder. */
  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid receipt key');
    return path.join(this.dir, key);
  }
}

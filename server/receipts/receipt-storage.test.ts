/** The receipts folder: files written and flushed before their row commits, read back whole, missing ones said so. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderReceiptStorage } from './receipt-storage.ts';

const dirs: string[] = [];
function storage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-receipts-'));
  dirs.push(dir);
  return { dir, store: new FolderReceiptStorage(dir) };
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('FolderReceiptStorage', () => {
  it('writes a new file under a random key, flushes it to the disk, and reads it back', async () => {
    const { dir, store } = storage();
    // The file handle's class, to see that what was written is flushed before save returns.
    const probe = await fs.promises.open(path.join(dir, 'probe'), 'w');
    const FileHandle = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const sync = vi.spyOn(FileHandle, 'sync');

    const key = await store.save(Buffer.from('%PDF-1.4 receipt'), 'pdf');
    expect(key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(path.join(dir, key), 'utf8')).toBe('%PDF-1.4 receipt');
    expect(fs.statSync(path.join(dir, key)).mode & 0o777).toBe(0o600);
    expect(await text((await store.open(key))!)).toBe('%PDF-1.4 receipt');
  });

  it('says a file is not there (undefined) rather than failing, and refuses a key it did not make', async () => {
    const { store } = storage();
    const key = await store.save(Buffer.from('x'), 'png');
    await store.remove(key);
    expect(await store.open(key)).toBeUndefined();
    await expect(store.open('../../etc/passwd')).rejects.toThrow('invalid receipt key');
  });
});

/**
 * Receipt bytes whose row never committed (a crash between storing and committing, a clean-up that
 * failed) are removed once they are old enough that no upload can still be on its way to commit them.
 * Only receipts.storage_key names stored files. Safe on several servers at once: a key is removed
 * only when it is old and no row names it, and removing a key already gone is harmless.
 */
import type { Queryable } from '../db/database.ts';
import type { ReceiptStorage } from './receipt-storage.ts';

export type OrphanSweepOptions = {
  /** How old stored bytes must be before they count as orphans; an hour by default. */
  olderThanMs?: number;
  now?: Date;
  /** How many keys one query checks. */
  batchSize?: number;
};

/** Removes the stored receipts no row names that are older than the cutoff; returns how many. */
export async function sweepOrphanReceipts(db: Queryable, storage: ReceiptStorage, options: OrphanSweepOptions = {}): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? 3_600_000);
  const batchSize = options.batchSize ?? 500;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async (keys: string[]) => {
    const { rows } = await db.query<{ storage_key: string }>('SELECT storage_key FROM receipts WHERE storage_key = ANY($1::text[])', [keys]);
    const referenced = new Set(rows.map((row) => row.storage_key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.remove(key);
      removed++;
    }
  };
  for await (const stored of storage.list()) {
    if (stored.storedAt.getTime() >= cutoff) continue;
    batch.push(stored.key);
    if (batch.length >= batchSize) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);
  return removed;
}

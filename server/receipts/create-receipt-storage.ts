/** The receipt store the configuration names: the folder under DATA_DIR, or an S3-compatible bucket. */
import type { Config } from '../config.ts';
import { FolderReceiptStorage, type ReceiptStorage } from './receipt-storage.ts';
import { S3ReceiptStorage } from './s3-receipt-storage.ts';

export function createReceiptStorage(config: Pick<Config, 'receiptStore'>): ReceiptStorage {
  const store = config.receiptStore;
  if (store.kind === 'folder') return new FolderReceiptStorage(store.dir);
  return new S3ReceiptStorage(store);
}

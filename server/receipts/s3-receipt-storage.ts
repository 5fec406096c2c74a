/**
 * Receipts in a bucket of an S3-compatible store (AWS S3, MinIO, R2, …), for servers that share no
 * disk. The same random keys as the folder, at the top of the bucket; decision 030.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ReceiptStoreConfig } from '../config.ts';
import { receiptKinds } from './receipt-files.ts';
import { newReceiptKey, RECEIPT_KEY, StorageUnavailableError, type ReceiptStorage, type StoredReceipt } from './receipt-storage.ts';

export type S3ReceiptStorageOptions = Omit<Extract<ReceiptStoreConfig, { kind: 's3' }>, 'kind'>;

const contentTypes = new Map<string, string>(Object.values(receiptKinds).map((kind) => [kind.extension, kind.contentType]));

/**
 * Whether the store said the object is not there. A missing bucket is not a missing receipt but a
 * wrong configuration, and stays an error. Some S3-compatible stores answer a missing key with a bare
 * 404 that the SDK cannot name, hence the status as well as the names.
 */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/**
 * Runs a call to the store. Any failure but a missing object means the store cannot serve now (out of
 * reach, timing out, answering 5xx, refusing its credentials): StorageUnavailableError, a 503 to the
 * client (app.ts), the cause in the log for the operator.
 */
async function fromStore<T>(call: () => Promise<T>, missing?: () => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (missing && isMissing(error)) return missing();
    throw new StorageUnavailableError(error);
  }
}

export class S3ReceiptStorage implements ReceiptStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3ReceiptStorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // A store that stops answering fails the request (a 500) instead of holding it open for ever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      // The SDK's newer default checksums are not understood by every S3-compatible store: with an
      // endpoint of its own, they are sent only where the operation requires them.
      ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  /** Resolves once the store has acknowledged the whole object, so a row that names it never commits before its bytes are kept. */
  async save(data: Buffer, extension: string): Promise<string> {
    const key = newReceiptKey(extension);
    const contentType = contentTypes.get(extension);
    if (!contentType) throw new Error('invalid receipt kind');
    // A PUT is whole or absent: a store that fails part way keeps nothing under the key.
    await fromStore(() => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length })));
    return key;
  }

  async open(key: string): Promise<Readable | undefined> {
    const checked = this.checked(key);
    // Fetched before answering, so that a missing object is a 404 and not a stream that fails mid-answer.
    return fromStore(
      async () => {
        const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked }));
        if (!(Body instanceof Readable)) throw new Error('the object store answered without a body');
        return Body as Readable | undefined;
      },
      () => undefined,
    );
  }

  async remove(key: string): Promise<void> {
    const checked = this.checked(key);
    await fromStore(
      async () => {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checked }));
      },
      () => undefined,
    );
  }

  async *list(): AsyncIterable<StoredReceipt> {
    const pages = paginateListObjectsV2({ client: this.client, pageSize: 1000 }, { Bucket: this.bucket });
    for (;;) {
      const page = await fromStore(() => pages.next());
      if (page.done) return;
      for (const object of page.value.Contents ?? []) {
        if (object.Key && object.LastModified && RECEIPT_KEY.test(object.Key)) yield { key: object.Key, storedAt: object.LastModified };
      }
    }
  }

  async check(): Promise<void> {
    await fromStore(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  /** Closes the client's open connections. */
  close(): void {
    this.client.destroy();
  }

  /** Keys are only ever ones a store made: nothing else in the bucket is read or removed through here. */
  private checked(key: string): string {
    if (!RECEIPT_KEY.test(key)) throw new Error('invalid receipt key');
    return key;
  }
}

/**
 * Reads a multipart form with at most one receipt file. Nothing is stored here: the caller stores
 * the file once the form is valid. What an upload may cost the server is bounded:
 * - the file is held in memory only up to 5 MB; one byte more is refused (413) at once, and so is
 *   a whole body past 5 MB and a little (fields and framing), declared or not;
 * - a file whose first bytes are not a JPEG, PNG or PDF is refused (415) without reading the rest,
 *   and the whole file is inspected (receipt-files.ts) before it is accepted;
 * - an upload that sends nothing for a while is given up (408), and so is one whose whole body has
 *   not arrived within its time (408): a body trickled a byte at a time holds memory and a slot;
 * - one user may start only so many uploads in a window (429), and one server reads only so many
 *   forms at once (503 with Retry-After).
 * A reply sent before the body has fully arrived closes the connection (registerReceiptUploads),
 * so a refused upload cannot keep streaming into the server.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import '@fastify/multipart';
import { z } from 'zod';
import { withoutMetadata } from './receipt-images.ts';
import { AppError, unavailable } from '../http/errors.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { Throttle } from '../http/throttle.ts';
import { cleanFileName, inspectReceipt, kindBySignature, RECEIPT_MAX_BYTES, SIGNATURE_BYTES, type ReceiptKind } from './receipt-files.ts';
import {
  normaliseTransactionNumber,
  receiptMessages,
  transactionNumberMessages,
  transactionNumberProblem,
  transferDateMessages,
  transferDateProblem,
  uploadMessages,
} from '../../contract/receipts.ts';

export type UploadedReceipt = { data: Buffer; originalName: string; kind: ReceiptKind };

export const multipartLimits = { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25, headerPairs: 100 };

/** The whole form: the file, up to 20 short fields and the multipart framing around them. */
export const RECEIPT_FORM_MAX_BYTES = RECEIPT_MAX_BYTES + 1024 * 1024;

export type ReceiptUploadLimits = {
  /** Uploads one user may start in a window: a member sends one receipt a month, and a few retries. */
  perUser: number;
  windowMs: number;
  /** How long an upload may send nothing before it is given up. */
  stallMs: number;
};

export const defaultReceiptUploadLimits: ReceiptUploadLimits = { perUser: 20, windowMs: 10 * 60_000, stallMs: 30_000 };

/** What one server gives to reading receipt forms (UPLOAD_TIMEOUT_SECONDS, UPLOADS_AT_ONCE). */
export type UploadCapacity = {
  /** The whole form must have arrived within this. */
  bodyTimeoutMs: number;
  /** Forms read at the same time; one more is refused. */
  atOnce: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    receiptUploads: { throttle: Throttle; limits: ReceiptUploadLimits; capacity: UploadCapacity; reading: { count: number } };
  }
}

/** Sets the upload limits for every route that reads a receipt form. Call before the routes. */
export function registerReceiptUploads(app: FastifyInstance, attempts: AttemptCounter, capacity: UploadCapacity, limits: ReceiptUploadLimits = defaultReceiptUploadLimits) {
  app.decorate('receiptUploads', { throttle: new Throttle(attempts, 'receipt-upload', limits.perUser, limits.windowMs), limits, capacity, reading: { count: 0 } });
  // Answering before the body has fully arrived (a refused upload, a request without a session)
  // ends the connection once the answer is out: otherwise the server would go on reading and
  // discarding whatever the client still sends, however much that is.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    done(null, payload);
  });
}

const tooLarge = () => new AppError(413, receiptMessages.tooLarge, { receipt: receiptMessages.tooLarge });
const wrongType = () => new AppError(415, receiptMessages.wrongType, { receipt: receiptMessages.wrongType });

/**
 * Watches the bytes of one request while its form is read: counts them against the body limit and
 * notices when they stop coming. Every wait on the form goes through race(), so either ends it.
 */
class UploadWatch {
  private received = 0;
  private timer: NodeJS.Timeout | undefined;
  private fail!: (error: AppError) => void;
  private readonly failed = new Promise<never>((_, reject) => {
    this.fail = reject;
  });
  private readonly onData = (chunk: Buffer) => {
    this.received += chunk.length;
    if (this.received > RECEIPT_FORM_MAX_BYTES) this.fail(this.tooLarge());
    else this.restartTimer();
  };

  private readonly raw: IncomingMessage;
  private readonly stallMs: number;
  private readonly bodyTimeoutMs: number;
  /** Not restarted by the bytes that arrive: a body trickled just fast enough to never stall still ends. */
  private deadline: NodeJS.Timeout | undefined;

  private readonly tooLarge: () => AppError;

  constructor(raw: IncomingMessage, stallMs: number, bodyTimeoutMs: number, tooLarge: () => AppError) {
    this.raw = raw;
    this.tooLarge = tooLarge;
    this.stallMs = stallMs;
    this.bodyTimeoutMs = bodyTimeoutMs;
    this.failed.catch(() => {});
  }

  /** Only once the form parser reads the request: a 'data' listener alone would start the flow without it. */
  start() {
    this.raw.on('data', this.onData);
    this.restartTimer();
    this.deadline = setTimeout(() => {
      if (this.raw.complete === false) this.fail(new AppError(408, uploadMessages.tooSlow));
    }, this.bodyTimeoutMs);
    this.deadline.unref();
  }

  stop() {
    this.raw.off('data', this.onData);
    clearTimeout(this.timer);
    clearTimeout(this.deadline);
  }

  private restartTimer() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.raw.complete === false) this.fail(new AppError(408, uploadMessages.stalled));
    }, this.stallMs);
    this.timer.unref();
  }

  /** The promise's value, unless the upload fails first; a late rejection of it is then ignored. */
  race<T>(promise: Promise<T>): Promise<T> {
    promise.catch(() => {});
    return Promise.race([promise, this.failed]);
  }
}

/** A file part's bytes, refused as soon as it passes the limit or (for the form's file) starts wrong. */
async function readFilePart(part: MultipartFile, watch: UploadWatch, file: UploadFile | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let signatureChecked = !file?.startsRight;
  const stream = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const { value, done } = await watch.race(stream.next());
    if (done) break;
    size += value.length;
    if (size > RECEIPT_MAX_BYTES) throw (file?.tooLarge ?? tooLarge)();
    chunks.push(value);
    if (!signatureChecked && size >= SIGNATURE_BYTES) {
      if (!file!.startsRight!(Buffer.concat(chunks))) throw file!.wrongType();
      signatureChecked = true;
    }
  }
  return Buffer.concat(chunks, size);
}

/**
 * A receipt form as the API document shows it (route config `multipartForm`): its text fields, checked
 * in the handler with parseFormFields, and the file field `receipt`.
 */
export function receiptForm(fields: z.ZodObject = z.object({})) {
  return fields.extend({ receipt: z.string().meta({ format: 'binary', description: 'The receipt: a JPG, PNG or PDF file, at most 5 MB' }) });
}

/** A field left empty is a field not given (an HTML form sends its empty inputs). */
const blankIsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * What a receipt says of its transfer (decision 052), checked on the business day `today`: the day the
 * money was sent (a real day, not after today, not more than a year before) and the bank's transaction
 * number (trimmed, at most 64 printable characters). Both may be left out by a client written against
 * the specification, whose forms have neither; the product's own forms always send the date. Without
 * `today`, the fields as the API document shows them.
 */
export function transferFields(today?: string) {
  return z.object({
    transferDate: z
      .preprocess(blankIsMissing, z.string({ error: receiptMessages.transferDateInvalid }).trim().optional())
      .superRefine((value, ctx) => {
        if (value === undefined || today === undefined) return;
        const problem = transferDateProblem(value, today);
        if (problem) ctx.addIssue({ code: 'custom', message: transferDateMessages[problem] });
      })
      .describe("The day the money was transferred, 'YYYY-MM-DD' in Pakistan: not after today, not more than a year before"),
    transactionNumber: z
      .preprocess(blankIsMissing, z.string({ error: receiptMessages.transactionNumberInvalid }).optional())
      .superRefine((value, ctx) => {
        const problem = transactionNumberProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: transactionNumberMessages[problem] });
      })
      .transform(normaliseTransactionNumber)
      .describe("The bank's transaction number of the transfer, at most 64 printable characters"),
  });
}
export type TransferDetails = { transferDate?: string; transactionNumber?: string };


/** The file a form may carry: its field, how it must start, and the refusals in its own words. */
export type UploadFile = {
  field: string;
  /** True when the first bytes are of a kind the form takes; checked before the rest is read. */
  startsRight?: (firstBytes: Buffer) => boolean;
  tooLarge: () => AppError;
  wrongType: () => AppError;
  /** What the security log says of a file refused by its first bytes. */
  refusal: string;
};

/**
 * A multipart form of text fields and at most one file of up to 5 MB (its name made harmless), read within the server's upload
 * limits (the module's comment): receipts and bank statements are read by it. Nothing is stored here.
 */
export async function readUploadForm(request: FastifyRequest, file: UploadFile): Promise<{ fields: Record<string, string>; file?: { data: Buffer; filename: string } }> {
  if (!request.isMultipart()) throw new AppError(415, uploadMessages.notMultipart);
  const { throttle, limits, capacity, reading } = request.server.receiptUploads;
  // Upload routes require a session, so the user is known; the address is only a fallback.
  await throttle.admit(request.user?.id ?? `address:${request.ip}`);
  if (Number(request.headers['content-length']) > RECEIPT_FORM_MAX_BYTES) throw file.tooLarge();
  // Each form read holds up to 5 MB until it is whole: a server reads only so many at once.
  if (reading.count >= capacity.atOnce) {
    logSecurityEvent(request, 'receipt.refused', { reason: 'too many uploads at once on this server', status: 503 });
    throw unavailable(uploadMessages.busy);
  }

  const fields: Record<string, string> = Object.create(null);
  let found: { data: Buffer; filename: string } | undefined;
  const watch = new UploadWatch(request.raw, limits.stallMs, capacity.bodyTimeoutMs, file.tooLarge);
  reading.count++;
  try {
    // One byte over 5 MB reaches this code, which refuses it: the parser's own limit would only cut the file short.
    const parts = request.parts({ limits: { ...multipartLimits, fileSize: RECEIPT_MAX_BYTES + 1 } })[Symbol.asyncIterator]();
    let next = parts.next();
    watch.start();
    for (;;) {
      const { value: part, done } = await watch.race(next);
      if (done) break;
      if (part.type === 'file') {
        const isTheFile = part.fieldname === file.field;
        const data = await readFilePart(part, watch, isTheFile ? file : undefined);
        if (isTheFile) found = { data, filename: cleanFileName(part.filename, file.field) };
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
      next = parts.next();
    }
  } catch (error) {
    if (error instanceof AppError) {
      // Refused on its first bytes, before the whole file was read.
      if (error.statusCode === 415) logSecurityEvent(request, 'receipt.refused', { reason: file.refusal, status: 415 });
      throw error;
    }
    // Malformed or cut-off multipart data, a parser limit, a connection closed mid-form: all the client's doing.
    request.log.info({ err: error }, 'upload form could not be read');
    throw new AppError(400, uploadMessages.unreadable);
  } finally {
    watch.stop();
    reading.count--;
  }
  return { fields, file: found };
}

const receiptFile: UploadFile = { field: 'receipt', startsRight: (bytes) => kindBySignature(bytes) !== undefined, tooLarge, wrongType, refusal: 'not a JPG, PNG or PDF by its first bytes' };

export async function readReceiptForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; receipt?: UploadedReceipt }> {
  const { fields, file: receipt } = await readUploadForm(request, receiptFile);
  const inspection = receipt ? inspectReceipt(receipt.data) : undefined;
  if (inspection && !inspection.kind) {
    logSecurityEvent(request, 'receipt.refused', { reason: inspection.refusal, status: 415 });
    throw wrongType();
  }
  // A retried form with an Idempotency-Key: claimed now that its fields and file are known, or its
  // first answer replayed (http/idempotency.ts).
  if (request.server.hasDecorator('claimIdempotentForm')) await request.server.claimIdempotentForm(request, { fields, file: receipt?.data });
  if (!receipt || !inspection?.kind) return { fields };
  return { fields, receipt: { data: await withoutMetadata(receipt.data, inspection.kind), originalName: receipt.filename, kind: inspection.kind } };
}

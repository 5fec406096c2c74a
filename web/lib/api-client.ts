/**
 * The one way the web app talks to the server (member document §7 "Request conventions").
 *
 * - Base path /api; a Bearer token from storage when there is one.
 * - JSON bodies, except FormData (the browser sets the multipart boundary itself).
 * - 10 s timeout per attempt; an upload that reports its progress times out only after 10 s without
 *   progress (a receipt photo over a slow phone connection takes longer than 10 s, and is not stuck).
 * - Up to 3 retries, 1 s apart, only when the request may not have been answered (network
 *   failure, timeout) or the server failed (5xx). Never for a 4xx: the same request would be
 *   refused again. Never for an upload: a retried money-changing upload could apply twice.
 *   A busy server's Retry-After is kept: the next try waits that long, and none is made when it
 *   asks for longer than 10 s (the person is told now rather than kept waiting).
 *   A caller can turn retries off for any other request that must not run twice.
 * - Every POST, PUT and DELETE carries an Idempotency-Key, the same on each retry: a retry after a
 *   lost answer gets the first answer from the server instead of acting twice.
 * - A 401 from any call except login means the session is dead (expired, logged out elsewhere,
 *   user blocked): the registered handler clears it, and the route guards then show /login.
 * - Nothing is sent while the device is offline (navigator.onLine false): a change (POST, PUT, DELETE)
 *   is refused at once with words that say so, and is never kept to be sent later; a read fails at
 *   once, without retries (the dashboard shows its last figures meanwhile, lib/offline-answers.ts).
 * - A file (a statement PDF, an export) is fetched the same way and saved by `api.download`: the
 *   Bearer token rules out a plain link.
 */
import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import { i18n, textOfAnswer } from './i18n.ts';
import { forgetEarlyAnswers, takeEarlyAnswer } from './early-answers.ts';
import { saveFile } from './save-file.ts';
import { readStorage, storageKeys } from './storage-keys.ts';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;
/** The longest Retry-After a retry waits for; a server asking for more is not tried again at once. */
export const MAX_RETRY_AFTER_MS = 10_000;

const JSON_TYPE = 'application/json';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'offline';

/** Whether the device says it has no network at all; a browser that cannot tell counts as online. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A failed call. `status` is 0 when no answer arrived (network failure, timeout, or not sent offline). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The server's stable code for what went wrong (`auth.invalidCredentials`), when it sent one. */
  readonly code?: string;
  /** One message per field, from a 400 answer. */
  readonly errors?: Record<string, string>;
  /** The parsed answer, for fields beyond message (login's needsVerification and email). */
  readonly body?: unknown;
  /** True when `message` is the server's own text rather than one made up here. */
  readonly hasServerMessage: boolean;
  /** How long the server asked to be left alone before the same request (its Retry-After), when it said. */
  readonly retryAfterMs?: number;

  constructor(options: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    code?: string;
    errors?: Record<string, string>;
    body?: unknown;
    hasServerMessage?: boolean;
    retryAfterMs?: number;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.kind = options.kind;
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors;
    this.body = options.body;
    this.hasServerMessage = options.hasServerMessage ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  /** Cancels the request (React Query passes one); a cancelled request is never retried. */
  signal?: AbortSignal;
  /** Set to 0 for a request that must never be sent twice. Defaults to MAX_RETRIES. */
  retries?: number;
  /** Login answers 401 for a wrong password: that must not end a session. */
  skipUnauthorizedHandler?: boolean;
  /** For an upload: told the share sent so far (0 to 1) as the file goes out. */
  onUploadProgress?: (sent: number) => void;
}

let unauthorizedHandler: (() => void) | null = null;

/** The auth provider registers what to do when the server says the session is dead. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export function buildUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Whether a failed attempt may be tried again (the retry rule above). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind === 'offline' || isOffline()) return false;
  if (error.retryAfterMs !== undefined && error.retryAfterMs > MAX_RETRY_AFTER_MS) return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.status >= 500;
}

/** How long to wait before trying again: the server's Retry-After when it gave a longer one. */
function retryDelayOf(error: unknown): number {
  return Math.max(RETRY_DELAY_MS, error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0);
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMsOf(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How a successful answer is read: the API's JSON, or a file. */
interface AnswerReader<T> {
  accept: string;
  read: (response: Response) => Promise<T>;
}

const jsonAnswer: AnswerReader<unknown> = {
  accept: JSON_TYPE,
  read: async (response) => {
    const data = await readBody(response);
    // Every answer of the API is JSON: a page of text here came from something in between (a proxy's
    // sign-in or error page) and must not be taken for the answer.
    if (typeof data === 'string') throw new UnreadableAnswerError(response.status);
    return data;
  },
};

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's content-disposition, when it names one. */
  name?: string;
}

const fileAnswer: AnswerReader<DownloadedFile> = {
  accept: '*/*',
  read: async (response) => {
    // A web page is never a file the API sends: it came from something in between, as above.
    if (response.headers.get('Content-Type')?.includes('text/html')) throw new UnreadableAnswerError(response.status);
    return { blob: await response.blob(), name: filenameFrom(response.headers.get('Content-Disposition')) };
  },
};

/** The file name a content-disposition header gives (filename*=UTF-8'' first, then filename=). */
export function filenameFrom(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Badly encoded: the plain name, if any, below.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
}

export interface DownloadOptions extends Omit<RequestOptions, 'params' | 'onUploadProgress'> {
  /** The name to save under when the answer names none. */
  fallbackName: string;
}

/** Fetches a file (GET) and saves it; answers the name it was saved under. Fails as any other call. */
async function download(path: string, params: QueryParams | undefined, options: DownloadOptions): Promise<string> {
  const { fallbackName, ...rest } = options;
  const file = await request('GET', path, undefined, { ...rest, params }, fileAnswer);
  const name = file.name ?? fallbackName;
  saveFile(file.blob, name);
  return name;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}, answer = jsonAnswer as AnswerReader<T>): Promise<T> {
  const isUpload = body instanceof FormData;
  const retries = isUpload ? 0 : (options.retries ?? MAX_RETRIES);
  if (method !== 'GET' && isOffline()) throw new ApiError({ kind: 'offline', status: 0, message: i18n.t('errors.offline') });
  const idempotencyKey = method === 'GET' ? undefined : newIdempotencyKey();
  if (method !== 'GET') forgetEarlyAnswers();

  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptRequest(method, path, body, options, answer, idempotencyKey);
    } catch (error) {
      if (attempt >= retries || options.signal?.aborted || !isRetryable(error)) {
        if (error instanceof ApiError && error.status === 401 && !options.skipUnauthorizedHandler) {
          unauthorizedHandler?.();
        }
        throw error;
      }
      await delay(retryDelayOf(error), options.signal);
    }
  }
}

/** 128 random bits as hex; getRandomValues works on plain-http addresses too, unlike randomUUID. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function attemptRequest<T>(method: string, path: string, body: unknown, options: RequestOptions, answer: AnswerReader<T>, idempotencyKey?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: answer.accept };
  const token = readStorage(storageKeys.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const onTimeout = () => {
    timedOut = true;
    controller.abort();
  };
  let timer = setTimeout(onTimeout, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  let response: Response;
  try {
    const url = buildUrl(path, options.params);
    const { onUploadProgress } = options;
    // An answer the page's HTML already asked for (a signed-in person's first reads) is taken once; a
    // retry asks again.
    const early = method === 'GET' && answer.accept === JSON_TYPE ? takeEarlyAnswer(url, token) : undefined;
    response = early
      ? await untilAborted(early, controller.signal)
      : onUploadProgress && payload instanceof FormData
        ? await (await import('./upload-progress.ts')).sendWithUploadProgress(url, { method, headers, body: payload, signal: controller.signal }, (sent) => {
            clearTimeout(timer);
            timer = setTimeout(onTimeout, REQUEST_TIMEOUT_MS);
            onUploadProgress(sent);
          })
        : await fetch(url, { method, headers, body: payload, signal: controller.signal, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw error; // The caller cancelled: not an error to report.
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      status: 0,
      message: timedOut ? i18n.t('errors.timeout') : i18n.t('errors.network'),
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (!response.ok) throw toHttpError(response, await readBody(response));
  return answer.read(response);
}

/** A successful status whose body is not the API's JSON; screens show their "unexpected" words. */
export class UnreadableAnswerError extends Error {
  constructor(status: number, message = `The answer (HTTP ${status}) is not JSON.`) {
    super(message);
    this.name = 'UnreadableAnswerError';
  }
}

/**
 * An answer read through its contract schema (contract/): the one shape the server promises, checked
 * before a screen trusts it. An answer in another shape (a server of another version, something in
 * between) is unreadable, and the screen shows its "unexpected" words rather than half a page. A schema
 * of zod's small build (zod/mini, decision 041) is read the same way, for the checks of a first screen.
 */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown): z.output<S>;
export function readAnswer<S extends ZodMiniType>(schema: S, body: unknown): z.output<S>;
export function readAnswer(schema: z.ZodType | ZodMiniType, body: unknown): unknown {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnreadableAnswerError(200, 'The answer is not in the shape its contract names.');
  return parsed.data;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toHttpError(response: Response, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const serverMessage = typeof record.message === 'string' && record.message ? record.message : undefined;
  const errors = isRecord(record.errors) ? stringEntries(record.errors) : undefined;
  return new ApiError({
    kind: 'http',
    status: response.status,
    message: serverMessage ?? `HTTP ${response.status}: ${response.statusText}`,
    code: typeof record.code === 'string' && record.code ? record.code : undefined,
    errors,
    body,
    hasServerMessage: serverMessage !== undefined,
    retryAfterMs: retryAfterMsOf(response.headers.get('retry-after')),
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringEntries(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The answer already on its way, or a failure once the attempt is given up (timed out or cancelled). */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

/** Waits between attempts; a cancelled request stops waiting at once. */
function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export const api = {
  get: <T>(path: string, params?: QueryParams, options?: Omit<RequestOptions, 'params'>) =>
    request<T>('GET', path, undefined, { ...options, params }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  /** A body only where the API asks for one (a correction's reason). */
  delete: <T>(path: string, options?: RequestOptions, body?: unknown) => request<T>('DELETE', path, body, options),
  /** GET a file (a statement, an export) and save it under the answer's file name. */
  download,
};

/** Answers whose server text is worth showing as it is: it says what to fix. */
const STATUSES_WITH_USEFUL_MESSAGES = new Set([400, 409, 413, 415, 422, 429]);

/** The server's own message for a failed call, translated by its code when it is a known one. */
export function getServerMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.hasServerMessage) return textOfAnswer(error);
  return undefined;
}

/**
 * The text to show for a failed call (member document §8, client-side mapped messages).
 * A bad-input, conflict or rate-limit answer shows the server's message; otherwise a screen's
 * own `fallback` wins when given, then the status mapping. Anything that is not a failed call (the
 * screen's own code failed, or an answer could not be read) shows `unexpected` when the screen has
 * words for that (the authentication screens do, §8 "Authentication").
 */
export function getErrorMessage(error: unknown, fallback?: string, unexpected?: string): string {
  if (error instanceof ApiError) {
    if (error.kind === 'offline') return i18n.t('errors.offline');
    if (error.kind === 'network') return i18n.t('errors.network');
    if (error.kind === 'timeout') return i18n.t('errors.timeout');
    if (STATUSES_WITH_USEFUL_MESSAGES.has(error.status) && error.hasServerMessage) {
      return textOfAnswer(error);
    }
    if (fallback) return fallback;
    switch (error.status) {
      case 400:
      case 422:
        return i18n.t('errors.validation');
      case 401:
        return i18n.t('errors.unauthorized');
      case 403:
        return i18n.t('errors.forbidden');
      case 404:
        return i18n.t('errors.notFound');
      default:
        return i18n.t('errors.server');
    }
  }
  return unexpected ?? fallback ?? i18n.t('errors.server');
}

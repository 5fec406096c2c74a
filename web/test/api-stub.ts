/**
 * Test-only: answers the read-only GET calls of a screen from fixed data, so component tests need no
 * server. Anything else (POST, PUT, DELETE, an unknown path) is refused with 418 and recorded with its
 * body, so a test can assert what would have been sent, or that nothing was. What the server does with
 * a write is covered by the server and browser tests.
 */
import { vi } from 'vitest';
import { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import type { Pagination } from '../../contract/pagination.ts';

/** A Blob body is sent as it is (a file, with its headers); anything else as JSON. */
export type StubAnswer = { status: number; body: unknown; headers?: Record<string, string> };
export type StubRoute = StubAnswer | ((search: URLSearchParams) => StubAnswer);
export type StubRoutes = Record<string, StubRoute>;
/** A JSON body is parsed; a form (a receipt's) is kept as the FormData it was. */
export type RecordedCall = { method: string; url: string; path: string; search: URLSearchParams; body: unknown };

export const ok = (body: unknown): StubAnswer => ({ status: 200, body: { success: true, ...(body as object) } });
export const fail = (status: number, message: string): StubAnswer => ({ status, body: { success: false, message } });

/**
 * A success answer as the server sends it, checked first against the contract schema the server writes
 * it by (contract/): a fixture in any other shape (a field left out, an answer without its code) fails
 * the test here, in zod's words, rather than show a screen an answer the server never sends.
 */
export function answerAs<S extends z.ZodType>(schema: S, body: z.input<S>, status?: number): StubAnswer;
/** A first screen's answer, whose schema is written in zod's small build (decision 041). */
export function answerAs<S extends ZodMiniType>(schema: S, body: z.input<S>, status?: number): StubAnswer;
export function answerAs(schema: z.ZodType | ZodMiniType, body: unknown, status = 200): StubAnswer {
  const checked = schema.safeParse(body);
  if (!checked.success) throw new Error(`The fake answer is not in the shape of its contract:\n${z.prettifyError(checked.error)}`);
  return { status, body };
}

/** The paging of a list answer whose rows all fit on its first page. */
export const onePage = (total: number, limit = 20): Pagination => ({ page: 1, limit, total, pages: 1, exact: true });

/** A file answer, as the server sends a statement or an export: its bytes, type and name. */
export const file = (content: string, filename: string, type = 'application/pdf'): StubAnswer => ({
  status: 200,
  body: new Blob([content], { type }),
  headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"` },
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const respond = (answer: StubAnswer) => (answer.body instanceof Blob ? new Response(answer.body, { status: answer.status, headers: answer.headers }) : json(answer.status, answer.body));

function recordedCall(input: RequestInfo | URL, init?: RequestInit): RecordedCall {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const parsed = new URL(url, 'http://localhost');
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body instanceof FormData ? init.body : undefined;
  return { method: (init?.method ?? 'GET').toUpperCase(), url, path: parsed.pathname, search: parsed.searchParams, body };
}

export function stubGetRequests(routes: StubRoutes) {
  const reads: RecordedCall[] = [];
  const refused: RecordedCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = recordedCall(input, init);
    const route = call.method === 'GET' ? routes[call.path] : undefined;
    if (!route) {
      refused.push(call);
      return json(418, { success: false, message: 'Not stubbed in this test' });
    }
    reads.push(call);
    return respond(typeof route === 'function' ? route(call.search) : route);
  });
  return { spy, reads, refused };
}

export type FakeAnswer = { status?: number; body: unknown; headers?: Record<string, string> };
export type FakeHandler = (call: RecordedCall) => FakeAnswer | undefined;

/**
 * A fake API for screens that write: each request goes to the first handler that answers it, and
 * anything unanswered is a 404. Every call is recorded, for assertions on what was sent.
 */
export function fakeApi(...handlers: FakeHandler[]) {
  const calls: RecordedCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = recordedCall(input, init);
    calls.push(call);
    for (const handler of handlers) {
      const answer = handler(call);
      if (answer) return respond({ ...answer, status: answer.status ?? 200 });
    }
    return json(404, { success: false, message: 'Resource not found.' });
  });
  return calls;
}

/** A handler for one method and path. */
export const on =
  (method: string, path: string, answer: (call: RecordedCall) => FakeAnswer): FakeHandler =>
  (call) =>
    call.method === method && call.path === path ? answer(call) : undefined;

/**
 * Before each test (web/test/setup.ts): every call is refused until a test stubs the ones it needs,
 * so a page that fetches in a test that does not care never reaches for a network.
 */
export function refuseAllRequests() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(418, { success: false, message: 'Not stubbed in this test' }));
}

/** Answers the app's media queries (min-width only) as a screen of this width would. */
export function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

/** The URLs fetch was called with, for a given path. */
export function requestsTo(spy: { mock: { calls: unknown[][] } }, path: string): URL[] {
  return spy.mock.calls
    .map(([input]) => new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url, 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/**
 * Catches the files the app hands to the browser to save (api.download's temporary link), instead of
 * saving them: each with the name it would be saved under and its content.
 */
export function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const files = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${files.size + 1}`;
    files.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = files.get(this.getAttribute('href') ?? '');
    if (this.hasAttribute('download') && blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

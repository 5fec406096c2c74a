/**
 * Test-only: answers the read-only GET calls of these screens from fixed data, so component tests
 * need no server. Anything else (POST, PUT, DELETE, an unknown path) is refused and recorded with
 * its body, so a test can assert what would have been sent, or that nothing was. What the server
 * does with a write is covered by the server and browser tests.
 */
import { vi } from 'vitest';

export type StubAnswer = { status: number; body: unknown };
export type StubRoute = StubAnswer | ((search: URLSearchParams) => StubAnswer);
export type StubRoutes = Record<string, StubRoute>;
export type RecordedCall = { method: string; path: string; search: URLSearchParams; body: unknown };

export const ok = (body: unknown): StubAnswer => ({ status: 200, body: { success: true, ...(body as object) } });
export const fail = (status: number, message: string): StubAnswer => ({ status, body: { success: false, message } });

export function stubGetRequests(routes: StubRoutes) {
  const reads: RecordedCall[] = [];
  const refused: RecordedCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: RecordedCall = { method, path: url.pathname, search: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    const route = method === 'GET' ? routes[url.pathname] : undefined;
    if (!route) {
      refused.push(call);
      return new Response(JSON.stringify({ success: false, message: 'Not stubbed in this test' }), { status: 418, headers: { 'Content-Type': 'application/json' } });
    }
    reads.push(call);
    const answer = typeof route === 'function' ? route(url.searchParams) : route;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return { spy, reads, refused };
}

/** Answers the app's media queries (min-width only) as a screen of this width would. */
export function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

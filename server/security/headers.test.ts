/**
 * Browser-security headers on every answer (ASVS V3.4): each documented API route, error answers,
 * and the pages and files of the web app carry a CSP that forbids framing, HSTS, nosniff and a
 * Referrer-Policy; API answers are never cached. Log lines stay one JSON line whatever the request
 * carries (ASVS V16: CR/LF from user input never starts a forged line).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpMember, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let memberToken: string;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'umrah-web-'));

beforeAll(async () => {
  // A stand-in for the built web app: the server serves whatever files are there.
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
  ctx = await createTestContext({ webDir });
  memberToken = (await signUpMember(ctx)).token;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

type Headers = Record<string, unknown>;

/** What every answer must carry, page or API, success or error. */
function missingHeaders(headers: Headers): string[] {
  const problems: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  if (!csp.includes("base-uri 'none'")) problems.push('CSP base-uri');
  if (!csp.includes("default-src 'self'") && !csp.includes("default-src 'none'")) problems.push('CSP default-src');
  if (!csp.includes("frame-ancestors 'none'")) problems.push('CSP frame-ancestors');
  if (!csp.includes("object-src 'none'") && !csp.includes("default-src 'none'")) problems.push('CSP object-src');
  if (!/max-age=\d{7,}/.test(String(headers['strict-transport-security'] ?? ''))) problems.push('HSTS');
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('nosniff');
  if (!headers['referrer-policy']) problems.push('Referrer-Policy');
  if (!['DENY', 'SAMEORIGIN'].includes(String(headers['x-frame-options']))) problems.push('X-Frame-Options');
  return problems;
}

describe('security headers', () => {
  it('on every documented API route, as a visitor and as a member, and never cached', async () => {
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const failures: string[] = [];
    for (const [route, operations] of Object.entries(document.paths)) {
      const url = route.replace(/\{[^}]+\}/g, randomUUID());
      for (const method of Object.keys(operations)) {
        for (const token of [undefined, memberToken]) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
          });
          const problems = missingHeaders(res.headers);
          if (!String(res.headers['cache-control'] ?? '').includes('no-store')) problems.push('no-store');
          if (problems.length) failures.push(`${method.toUpperCase()} ${route} (${token ? 'member' : 'visitor'}, ${res.statusCode}): ${problems.join(', ')}`);
        }
      }
    }
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('on error answers: unknown path, bad JSON, wrong type, too large, an address the router cannot read', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await ctx.app.inject({ method: 'GET', url: '/api/committee-plans/%ZZ' }),
      await ctx.app.inject({ method: 'GET', url: `/api/committee-plans/${'x'.repeat(500)}` }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<x/>' }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }) }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 400, 414, 400, 415, 413]);
    for (const answer of answers) expect(missingHeaders(answer.headers), String(answer.statusCode)).toEqual([]);
  });

  it('on the pages and files of the web app', async () => {
    for (const url of ['/', '/login', '/admin', '/dashboard/payments', '/assets/app.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(missingHeaders(res.headers), url).toEqual([]);
      // No inline script may run but the page's own, by its hash (server/web-app.test.ts): scripts come from this origin.
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      const scriptSources = String(res.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(String(res.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
    }
  });
});

describe('log lines', () => {
  it('stay one JSON line each when the request carries CR/LF', async () => {
    const forged = '\r\n{"level":30,"msg":"forged admin login"}\r\n';
    ctx.logLines.length = 0;
    await ctx.app.inject({ method: 'GET', url: `/api/nothing-here/${encodeURIComponent(forged)}` });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `a${forged}@example.com`, password: forged } });
    await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(forged)}` });
    expect(ctx.logLines.length).toBeGreaterThan(0);
    for (const chunk of ctx.logLines) {
      // Each write is one line: a newline only at its end, and it parses as JSON.
      expect(chunk.indexOf('\n')).toBe(chunk.length - 1);
      expect(chunk).not.toContain('\r');
      expect(() => JSON.parse(chunk)).not.toThrow();
    }
    expect(ctx.logLines.join('')).not.toMatch(/^\{"level":30,"msg":"forged/m);
  });
});

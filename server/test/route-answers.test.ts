/**
 * The table that types the test client's answers (route-answers.ts) is the one the app's routes give
 * today: a route added, or an answer changed, without `npm run routes:answers` fails here.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeAnswersFile, routeAnswersSource } from './route-answers-table.ts';

describe("the test client's table of answers", () => {
  it('is written from the routes the app registers, and is up to date', async () => {
    const expected = await routeAnswersSource();
    expect(fs.readFileSync(routeAnswersFile, 'utf8'), 'server/test/route-answers.ts is out of date: run npm run routes:answers').toBe(expected);
    // Every API route is in it, with its method (a route of the API document excepted).
    expect(expected).toMatch(/'GET \/api\/payments\/summary': \{ url: `\/api\/payments\/summary`; answer: z\.output<typeof instalments\.summaryRouteAnswer>;/);
    expect(expected).toMatch(/'PUT \/api\/plan-payments\/:id\/approve': \{ url: `\/api\/plan-payments\/\$\{string\}\/approve`;/);
    expect(expected).not.toMatch(/\/api\/docs/);
  });
});

/**
 * The test client's typed calls (test-app.ts): every answer typed by the contract's answers of the route
 * its address reaches (checked by the type-check, which the test command runs first), and a call that
 * names its answer's schema gets the answer checked by it too, failing in zod's words in another shape.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { errorBody } from '../../contract/answers.ts';
import { paymentsSummaryAnswer } from '../../contract/figures.ts';
import { paymentAnswer, paymentHistoryAnswer, summaryRouteAnswer, type memberPaymentListAnswer, type paymentListAnswer } from '../../contract/instalments.ts';
import type { committeeDetailsAnswer, myCommitteesAnswer } from '../../contract/plans.ts';
import { openTestFile, signUpMember, type BodyOf } from './test-app.ts';

const { ctx, api } = await openTestFile();

describe("a call that names its answer's schema", () => {
  it('reads an answer in that shape, and fails on any other, an error answer included', async () => {
    const member = await signUpMember(ctx);
    const summary = await api.get('/api/payments/summary', member.token, { answer: paymentsSummaryAnswer });
    expect(summary.body.data.counts.total).toBe(0);

    await expect(api.get('/api/payments/summary', member.token, { answer: paymentAnswer })).rejects.toThrow(
      /^GET \/api\/payments\/summary answered 200, not in the shape of its answer's schema:\n(.|\n)*✖ Invalid input: expected object, received undefined\n {2}→ at payment\n/,
    );
    await expect(api.get('/api/payments/summary', undefined, { answer: paymentsSummaryAnswer })).rejects.toThrow(/answered 401, not in the shape/);
  });
});

describe("every call's answer, typed by its route", () => {
  type Out<S extends z.core.$ZodType> = z.output<S>;

  it('is the answer of the route the address reaches, the narrowest where several patterns fit', () => {
    expectTypeOf<BodyOf<'GET', '/api/payments/summary'>>().toExtend<Out<typeof summaryRouteAnswer>>();
    expectTypeOf<BodyOf<'GET', '/api/payments/summary'>>().not.toExtend<Out<typeof paymentAnswer>>();
    expectTypeOf<BodyOf<'GET', `/api/payments/${string}`>>().toExtend<Out<typeof paymentAnswer>>();
    expectTypeOf<BodyOf<'GET', `/api/payments/history/${string}`>>().toExtend<Out<typeof paymentHistoryAnswer>>();
    expectTypeOf<BodyOf<'GET', '/api/committees/user'>>().toExtend<Out<typeof myCommitteesAnswer>>();
    expectTypeOf<BodyOf<'GET', '/api/committees/user'>>().not.toExtend<Out<typeof committeeDetailsAnswer>>();
    expectTypeOf<BodyOf<'GET', `/api/committees/${string}`>>().toExtend<Out<typeof committeeDetailsAnswer>>();
  });

  it('follows the method, and allows a query string after the path', () => {
    expectTypeOf<BodyOf<'GET', '/api/payments?status=pending&page=2'>>().toExtend<Out<typeof paymentListAnswer> | Out<typeof memberPaymentListAnswer>>();
    expectTypeOf<BodyOf<'POST', '/api/payments/summary'>>().toEqualTypeOf<string & Partial<Out<typeof errorBody>>>();
  });

  it("carries the refusal's fields beside the answer's, and is text or an error where no route answers", () => {
    expectTypeOf<BodyOf<'GET', '/api/payments/summary'>['code']>().toEqualTypeOf<string>();
    expectTypeOf<BodyOf<'GET', '/api/payments/summary'>['errors']>().toEqualTypeOf<Record<string, string>>();
    expectTypeOf<BodyOf<'GET', '/no-such-page'>>().toEqualTypeOf<string & Partial<Out<typeof errorBody>>>();
    // A route that only ever refuses answers its refusal.
    expectTypeOf<BodyOf<'POST', '/api/winners/select'>>().toEqualTypeOf<Out<typeof errorBody>>();
  });
});

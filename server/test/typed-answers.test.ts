/**
 * The test client's typed calls (test-app.ts): a call that names its answer's schema gets the answer
 * typed by it, and fails in zod's words when the answer is in another shape.
 */
import { describe, expect, it } from 'vitest';
import { paymentsSummaryAnswer } from '../../contract/figures.ts';
import { paymentAnswer } from '../../contract/instalments.ts';
import { openTestFile, signUpMember } from './test-app.ts';

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

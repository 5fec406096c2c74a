/**
 * Large exports for the export tests: a plan with many payments made in SQL, and its CSV read through a
 * real socket record by record, with the heap measured on the way (server/exports/exports.test.ts, and
 * large-export.postgres.test.ts for 100,000 rows).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect } from 'vitest';
import { withStatementTimeout } from '../db/database.ts';
import { client, signUpMember, type TestContext } from './test-app.ts';

/** The collector, reached without --expose-gc on the command line: retained memory is measured after a collection. */
export function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * A plan of its own with `n` refused plan requests, made in SQL: three share each moment, a microsecond
 * apart from the next three, so that ties and sub-millisecond keys fall across batch boundaries.
 */
export async function bulkPlan(ctx: TestContext, adminToken: string, n: number) {
  const plan = (await client(ctx).post('/api/committee-plans', { name: `Bulk Plan ${n}`, monthlyAmount: 5000, duration: 6, totalAmount: 30000, maxMembers: 50 }, adminToken)).body.plan;
  const owner = await signUpMember(ctx, { name: 'Bulk Member' });
  // The test's own seeding, not a request: no request's time limit (a busy machine takes longer than it).
  await withStatementTimeout(ctx.db, 0).query(
    `INSERT INTO payments (type, user_id, plan_id, amount, status, payment_method, notes, created_at, updated_at)
     SELECT 'SUBSCRIPTION', $1, $2, 5000, 'REJECTED', 'BANK_TRANSFER', 'bulk ' || i,
       timestamptz '2025-06-01 00:00:00+00' + (i / 3) * interval '1 microsecond', now()
     FROM generate_series(1, ${n}) AS i`,
    [owner.user.id, plan.id],
  );
  return plan.id as string;
}

/**
 * Downloads a bulk plan's payments through a real socket, reading each record and letting it go (which
 * ones came is kept outside the heap, one byte per row); with `gc`, the heap retained on the way is
 * measured every 25 chunks.
 */
export async function streamBulk(ctx: TestContext, adminToken: string, planId: string, n: number, gc?: () => void) {
  if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as { port: number };
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/exports/payments.csv?planId=${planId}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const seen = new Uint8Array(n + 1);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let rest = '';
  let header: string[] | undefined;
  let notes = -1;
  let records = 0;
  let repeated = 0;
  let bytes = 0;
  let chunks = 0;
  let peak = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) expect([...value.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    bytes += value.length;
    const lines = (rest + decoder.decode(value, { stream: true })).split('\r\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!header) {
        header = line.replace(/^\uFEFF/, '').split(',');
        notes = header.indexOf('Member notes');
        continue;
      }
      const i = Number(line.split(',')[notes].slice('bulk '.length));
      if (seen[i]) repeated++;
      seen[i] = 1;
      records++;
    }
    if (gc && ++chunks % 25 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
  }
  return { rest, records, repeated, missing: seen.subarray(1).filter((v) => v === 0).length, bytes, chunks, peak };
}

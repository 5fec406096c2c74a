/**
 * Every operation the API documents, called with hostile input (see server/test/fuzz-requests.ts) by a visitor,
 * a member and an administrator. Whatever arrives, the answer is a client error or a success that
 * the document describes: never a 5xx, never internals (stack traces, SQL, driver errors), never a
 * body that contradicts the declared response schema. Afterwards the server still answers normally
 * and no prototype was polluted.
 *
 * The requests are generated from a seed. A failure names the seed and the case; replay it with
 *   FUZZ_SEED=<seed> npx vitest run --project server server/security/openapi-fuzz.test.ts -t '<METHOD> <path>'
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../accounts/sessions.ts';
import { UNSUPPORTED_TEXT_MESSAGE } from '../http/unsupported-text.ts';
import { karachiToday } from '../business-time.ts';
import { client, createTestContext, multipartBody, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';
import { casesFor, describeCase, operationKey, operationsOf, type FuzzCase, type FuzzTargets, type OpenApiDocument, type Operation } from '../test/fuzz-requests.ts';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_240_601;

const ctx = await createTestContext();
const api = client(ctx);
// Operations that delete, deactivate or block the shared records come last, so that those records
// serve every other operation first (the sort is stable: the document's order otherwise).
const disables = (op: Operation) => op.method === 'DELETE' || /\/(deactivate|toggle-status|status|block|leave)$/.test(op.path);
const openApiDocument = ctx.app.swagger() as unknown as OpenApiDocument & { components?: { schemas?: Record<string, unknown> } };
const operations = operationsOf(openApiDocument).sort((a, b) => Number(disables(a)) - Number(disables(b)));

afterAll(() => ctx.close());

type Account = { id: string; email: string; token: string; referralCode: string };
const accounts: { member?: Account; admin?: Account } = {};
const ids: Record<string, string> = {};
const today = karachiToday();
let receiptLink = { expires: '0', signature: 'none' };

beforeAll(async () => {
  const admin = await signInAdmin(ctx);
  const member = await signUpMember(ctx);
  // Another member, registered with the fuzzing member's code: their approved payment gives the
  // fuzzing member a commission payment to confirm. Admin routes on users target this member.
  const other = await signUpMember(ctx, { name: 'Other Member', referralCode: member.user.referralCode });
  accounts.admin = { id: admin.user.id, email: admin.email, token: admin.token, referralCode: admin.user.referralCode };
  accounts.member = { id: member.user.id, email: member.email, token: member.token, referralCode: member.user.referralCode };
  ids.user = other.user.id;

  const bank = await api.post('/api/bank-accounts', { accountName: 'Umrah Committee', accountNumber: '0123456789', bankName: 'HBL', accountType: 'Current', isDefault: true }, admin.token);
  ids.bank = bank.body.bankAccount.id;
  const plan = await api.post('/api/committee-plans', { name: 'Umrah Economy', monthlyAmount: 5000, duration: 3, totalAmount: 15000, maxMembers: 50 }, admin.token);
  ids.plan = plan.body.plan.id;

  const form = multipartBody({ planId: ids.plan, amount: '5000', bankAccountId: ids.bank }, { name: 'receipt.png', type: 'image/png', data: sampleFiles.png });
  const subscribed = await ctx.app.inject({ method: 'POST', url: '/api/payments/subscribe', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${other.token}` } });
  expect(subscribed.statusCode).toBe(201);
  const approved = await api.put(`/api/plan-payments/${subscribed.json().payment.id}/approve`, { groupNumber: '1' }, admin.token);
  expect(approved.status).toBe(200);
  ids.group = approved.body.payment.group!.id;
  const link = new URL(approved.body.payment.receiptImage!, 'http://localhost');
  ids.receipt = link.pathname.split('/')[3];
  receiptLink = { expires: link.searchParams.get('expires')!, signature: link.searchParams.get('signature')! };

  const request = await api.post('/api/plan-payments', { planId: ids.plan, amount: 5000, bankAccountId: ids.bank }, member.token);
  expect(request.status).toBe(201);
  ids.planPayment = request.body.payment.id;

  const paid = await api.post('/api/admin/commission-payments/bulk-pay', { month: today.month, year: today.year, paymentMethod: 'BANK_TRANSFER' }, admin.token);
  expect(paid.status).toBe(201);
  const winner = await api.post('/api/winners/select-specific', { committeeId: ids.plan, groupNumber: '1', month: today.month, year: today.year, userId: other.user.id }, admin.token);
  expect(winner.status).toBe(201);

  const firstRow = async (sql: string, params: unknown[]) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0]?.id;
  ids.commissionPayment = (await firstRow(`SELECT id FROM commissions WHERE referrer_id = $1 AND status = 'PAID' LIMIT 1`, [member.user.id]))!;
  ids.winner = (await firstRow('SELECT id FROM winners WHERE user_id = $1 LIMIT 1', [other.user.id]))!;
  ids.instalment = (await firstRow(`SELECT id FROM payments WHERE user_id = $1 AND type = 'INSTALMENT' ORDER BY created_at LIMIT 1`, [other.user.id]))!;
  ids.notification = (await firstRow('SELECT id FROM notifications WHERE user_id = $1 LIMIT 1', [member.user.id]))!;
  for (const [name, value] of Object.entries(ids)) if (!value) throw new Error(`the fuzz data has no ${name}`);
});

/** Real records for path parameters, so that the rest of a request is checked by the handler itself. */
const pathTargets: [RegExp, () => string][] = [
  [/^\/api\/committee-plans\/\{id\}/, () => ids.plan],
  [/^\/api\/admin\/groups\/plan\/\{id\}/, () => ids.plan],
  [/^\/api\/admin\/groups\/\{id\}/, () => ids.group],
  [/^\/api\/bank-accounts\/\{id\}/, () => ids.bank],
  [/^\/api\/plan-payments\/\{id\}/, () => ids.planPayment],
  [/^\/api\/receipts\/\{id\}/, () => ids.receipt],
  [/^\/api\/committees\/\{id\}/, () => ids.plan],
  [/^\/api\/payments\/(history\/)?\{id\}/, () => ids.instalment],
  [/^\/api\/(admin\/)?users\/\{id\}/, () => ids.user],
  [/^\/api\/notifications\/\{id\}/, () => ids.notification],
  [/^\/api\/winners\/\{id\}/, () => ids.winner],
  [/commission-payments\/\{id\}/, () => ids.commissionPayment],
];

let uniqueCounter = 0;
const targets: FuzzTargets = {
  pathParam(path, name) {
    if (name === 'committeeId') return ids.plan;
    if (name === 'groupNumber') return '1';
    return pathTargets.find(([pattern]) => pattern.test(path))?.[1]();
  },
  field(op, name) {
    const login = op.path === '/api/auth/login';
    const known: Record<string, () => unknown> = {
      planId: () => ids.plan,
      groupId: () => ids.group,
      committeeId: () => ids.plan,
      bankAccountId: () => ids.bank,
      userId: () => ids.user,
      paymentIds: () => [ids.instalment],
      // A new group needs a new number; everywhere else the number names the existing group.
      groupNumber: () => (op.path === '/api/admin/groups/create' ? `F${++uniqueCounter}` : '1'),
      referralCode: () => accounts.member!.referralCode,
      paymentMethod: () => 'BANK_TRANSFER',
      receiptImage: () => 'https://example.com/receipt.png',
      code: () => '123456',
      // Login with a real account, so that hostile passwords reach the hash check.
      email: () => (login ? accounts.member!.email : `fuzz.${++uniqueCounter}@example.com`),
      password: () => (login ? 'wrong-password-1' : 'fuzz-pass-123'),
      newPassword: () => 'fuzz-pass-123',
      confirmPassword: () => 'fuzz-pass-123',
      phone: () => '+92 300 1234567',
      cnic: () => `35202${String(++uniqueCounter).padStart(8, '0')}`,
      token: () => 'A'.repeat(43),
      expires: () => receiptLink.expires,
      signature: () => receiptLink.signature,
      amount: () => 5000,
      monthlyAmount: () => 5000,
      totalAmount: () => 15000,
      duration: () => 3,
      month: () => today.month,
      year: () => today.year,
      startDate: () => '2030-01-01',
      endDate: () => '2030-12-01',
      level1Rate: () => 0.1,
      level2Rate: () => 0.05,
      level3Rate: () => 0.02,
      minimumCommission: () => 0,
      maximumCommission: () => 100_000,
    };
    return known[name]?.();
  },
};

/** Texts that mean internals reached the client. Fuzz inputs never contain them, so echoes cannot trigger them. */
const leakPatterns: [RegExp, string][] = [
  [/ {4}at /, 'a stack trace'],
  [/\.ts:\d|\.[cm]?js:\d/, 'a source location'],
  [/\bSELECT\s/, 'SQL (SELECT)'],
  [/\bINSERT\s/, 'SQL (INSERT)'],
  [/\bUPDATE\s+\w+\s+SET\b/, 'SQL (UPDATE)'],
  [/syntax error/i, 'a syntax error'],
  [/violates/i, 'a constraint violation'],
  [/relation "/, 'a relation name'],
  [/duplicate key value|invalid input syntax|out of range for type|invalid byte sequence|unterminated|null value in column/i, 'a database error'],
  [/SQLSTATE|"code"\s*:\s*"[0-9A-Z]{5}"|"(severity|routine|schema|table|constraint)"\s*:/, 'a driver error'],
  [/PGlite|pg-protocol|node_modules|ECONNREFUSED/, 'a driver name'],
];

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

/**
 * OpenAPI 3.0's `nullable` beside alternatives (no `type`) or beside a named schema (`allOf: [{ $ref }]`),
 * as JSON Schema says it: null is one more alternative.
 */
function nullableAlternatives(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAlternatives);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, nullableAlternatives(value)])) as Record<string, unknown>;
  if (nullable === true && Array.isArray(rest.allOf)) {
    const { type: _type, ...named } = rest;
    return { anyOf: [named, { type: 'null' }] };
  }
  if (nullable !== true || 'type' in rest || !Array.isArray(rest.anyOf)) return nullable === undefined ? rest : { ...rest, nullable };
  return { ...rest, anyOf: [...rest.anyOf, { type: 'null' }] };
}
const validators = new Map<string, ValidateFunction>();

function declaredResponse(op: Operation, status: number) {
  return op.responses[String(status)] ?? op.responses[`${Math.floor(status / 100)}XX`] ?? op.responses.default;
}

/** What is wrong with one answer; empty when it is an answer the API may give. */
function problemsOf(op: Operation, response: { statusCode: number; body: string; headers: Record<string, unknown> }): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  for (const [pattern, what] of leakPatterns) if (pattern.test(response.body)) problems.push(`the body shows ${what}`);

  const declared = declaredResponse(op, status);
  if (!declared) {
    problems.push(`status ${status} is not declared for the route`);
    return problems;
  }
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return problems;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    problems.push(`status ${status} should be JSON, got ${String(response.headers['content-type'])}: ${response.body.slice(0, 80)}`);
    return problems;
  }
  const key = `${operationKey(op)} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    // Schemas shared by several answers (a JSON value, for one) are components of the document: each
    // answer's schema is compiled with them beside it.
    const local = (node: unknown) => nullableAlternatives(JSON.parse(JSON.stringify(node ?? {}).replaceAll('"#/components/schemas/', '"#/definitions/')));
    validate = ajv.compile({ ...(local(schema) as object), definitions: local(openApiDocument.components?.schemas) });
    validators.set(key, validate);
  }
  if (!validate(body)) problems.push(`the body does not match the declared ${status} schema: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 300)}`);

  if (status >= 400 && body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: Record<string, unknown> };
    const texts = [message, ...Object.keys(errors ?? {}), ...Object.values(errors ?? {})].map(String);
    for (const text of texts) {
      if (/\bundefined\b|\[object Object\]/.test(text)) problems.push(`the message "${text.slice(0, 120)}" shows a programming value`);
    }
  }
  return problems;
}

/**
 * A session the fuzz ended (logout, a profile change) is opened again, so that every case reaches
 * validation behind authentication. Opened directly: a login per case would only add hashing time.
 */
async function keepSignedIn(role: 'member' | 'admin') {
  const account = accounts[role]!;
  if ((await api.get('/api/auth/me', account.token)).status === 200) return;
  account.token = await createSession(ctx.db, account.id, 1, {});
  const me = await api.get('/api/auth/me', account.token);
  if (me.status !== 200) throw new Error(`the ${role} lost their account during the fuzz: ${JSON.stringify(me.body)}`);
}

async function send(c: FuzzCase, token: string | undefined) {
  return ctx.app.inject({
    method: c.method,
    url: c.url,
    payload: c.payload,
    headers: { ...c.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

describe(`every documented operation survives hostile input (FUZZ_SEED=${seed})`, () => {
  it('documents the whole API', () => {
    // A guard against an empty or truncated document silently fuzzing nothing.
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.some((op) => op.jsonBody)).toBe(true);
    expect(operations.some((op) => op.multipart)).toBe(true);
  });

  for (const op of operations) {
    it(operationKey(op), async () => {
      const cases = casesFor(op, seed, targets);
      const findings: string[] = [];
      for (const c of cases) {
        for (const role of ['visitor', 'member', 'admin'] as const) {
          const token = role === 'visitor' ? undefined : accounts[role]!.token;
          const response = await send(c, token);
          for (const problem of problemsOf(op, { statusCode: response.statusCode, body: response.body, headers: response.headers })) {
            findings.push(`${problem}\n    as ${role}: ${describeCase(c)}\n    answer ${response.statusCode}: ${response.body.slice(0, 300)}`);
          }
        }
        // Logout and profile changes end sessions; sign in again before the next case.
        if (op.path === '/api/auth/logout' || op.path.startsWith('/api/profile')) {
          await keepSignedIn('member');
          await keepSignedIn('admin');
        }
      }
      await keepSignedIn('member');
      await keepSignedIn('admin');
      expect(findings, `seed ${seed}: ${findings.length} finding(s) in ${cases.length} cases`).toEqual([]);
      // A ceiling, not a measure: registration hashes a password (argon2) for each accepted case, which
      // on a busy two-core machine takes up to a minute for its hundred-odd cases.
    }, 180_000);
  }

  describe('answers to inputs the fuzz once broke the server with', () => {
    it('text PostgreSQL cannot store (a NUL, a lone surrogate) is a 400 naming the field, and nothing is written', async () => {
      const admin = accounts.admin!.token;
      const nul = await api.post('/api/bank-accounts', { accountName: 'a\u0000b', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin);
      expect(nul.status).toBe(400);
      expect(nul.body).toEqual({ success: false, code: expect.any(String), message: UNSUPPORTED_TEXT_MESSAGE, errors: { accountName: UNSUPPORTED_TEXT_MESSAGE } });
      expect((await ctx.db.query(`SELECT 1 FROM bank_accounts WHERE account_name LIKE 'a%b'`)).rowCount).toBe(0);
      // The audit trail keeps details as jsonb, which refuses a lone surrogate.
      const surrogate = await api.put(`/api/admin/users/${ids.user}/block`, { isBlocked: true, reason: 'why \udc00' }, admin);
      expect(surrogate.status).toBe(400);
      expect(surrogate.body.errors).toEqual({ reason: UNSUPPORTED_TEXT_MESSAGE });
      expect((await api.get('/api/users?search=%00', admin)).status).toBe(400);
      // A pair of surrogates is an ordinary emoji and is kept.
      const emoji = await api.put(`/api/admin/users/${ids.user}/block`, { isBlocked: false, reason: 'fine 🕋' }, admin);
      expect(emoji.status).toBe(200);
    });

    it('an address the router cannot read gets the one error body', async () => {
      const badEscape = await api.get('/api/committee-plans/%ZZ', accounts.member!.token);
      expect(badEscape.status).toBe(400);
      expect(badEscape.body).toEqual({ success: false, code: expect.any(String), message: 'The request could not be read. Please check your input.' });
      expect(badEscape.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      const tooLong = await api.put(`/api/committee-plans/${'9'.repeat(5000)}/deactivate`, undefined, accounts.admin!.token);
      expect(tooLong.status).toBe(414);
      expect(tooLong.body).toEqual({ success: false, code: expect.any(String), message: 'The address is too long.' });
    });

    it('a commission bound with more than two decimals is refused instead of rounding into a broken rule', async () => {
      const rules = { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 0.001 };
      const res = await api.put('/api/referrals/commission-rules', rules, accounts.admin!.token);
      expect(res.status).toBe(400);
      expect(res.body.errors.maximumCommission).toBe('Amounts can have at most two decimal places.');
    });

    it('an empty bank account choice on a plan request means none', async () => {
      const res = await api.post('/api/plan-payments', { planId: ids.plan, amount: 5000, bankAccountId: '' }, accounts.admin!.token);
      expect(res.status).toBe(201);
      expect(res.body.payment.bankAccountId).toBeNull();
    });

    it('missing parts are named in words, never as "undefined"', async () => {
      const noSignature = await api.get(`/api/receipts/${ids.receipt}/file?expires=${receiptLink.expires}`);
      expect(noSignature.status).toBe(400);
      expect(noSignature.body.message).toBe('This receipt link is invalid or has expired.');
      const noIds = await api.put('/api/payments/bulk-status', { status: 'PAID' }, accounts.admin!.token);
      expect(noIds.status).toBe(400);
      expect(noIds.body.errors.paymentIds).toBe('Please select payments to update');
    });

    it('a multipart form without a boundary is a 400', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments',
        payload: '--x\r\n',
        headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${accounts.member!.token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: 'The form could not be read. Please try again.' });
    });
  });

  it('still answers normally afterwards, with no prototype polluted', async () => {
    expect((await api.get('/api/health')).status).toBe(200);
    const plans = await api.get('/api/committee-plans', accounts.member!.token);
    expect(plans.status).toBe(200);
    expect((await api.get('/api/auth/me', accounts.admin!.token)).body.user.role).toBe('ADMIN');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(Object.prototype.toString.call({})).toBe('[object Object]');
    // Nobody became an administrator through a privileged field or a __proto__ key. (The other
    // member may: the admin's own user-edit route sets roles, and the fuzz sends it role ADMIN.)
    const admins = await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'ADMIN' AND id <> $1 AND id <> $2`, [accounts.admin!.id, ids.user]);
    expect(admins.rows).toEqual([]);
  });
});

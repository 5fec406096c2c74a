/** Plain HTTP calls to a server process, as a browser or script would make them. */
import type { ApiResponse, BodyOf } from '../test-app.ts';
import type { ServerProcess } from './server-process.ts';

/** An answer, its body typed by the contract's answers of the route it reached (test-app.ts). */
export type Answer<Body = unknown> = Pick<ApiResponse<Body>, 'status' | 'body'>;

type SendMethod = 'GET' | 'POST' | 'PUT';

export type RequestOptions = {
  json?: unknown;
  /** A multipart body, as built by multipartBody() in server/test/test-app.ts. */
  form?: { payload: Buffer; headers: Record<string, string> };
  token?: string;
  idempotencyKey?: string;
};

export async function send<M extends SendMethod, P extends string>(server: Pick<ServerProcess, 'url'>, method: M, path: P, options: RequestOptions = {}): Promise<Answer<BodyOf<M, P>>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.form) {
    Object.assign(headers, options.form.headers);
    body = new Uint8Array(options.form.payload);
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  // Typed as the route's contract answers: the in-process suite checks every route's answers against them (checkResponses).
  return { status: response.status, body: parsed as BodyOf<M, P> };
}

/** Like send(), but the answer must have the given status; the message shows what came instead. */
export async function expectStatus<M extends SendMethod, P extends string>(
  status: number,
  server: Pick<ServerProcess, 'url'>,
  method: M,
  path: P,
  options?: RequestOptions,
): Promise<BodyOf<M, P>> {
  const answer = await send(server, method, path, options);
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status} instead of ${status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Signed in as the administrator, a bank account, a three-month plan of `monthly` rupees and its group of
 * January to March 2026 (so that the instalment months are fixed whatever today is).
 */
export async function committeeWithGroup(server: Pick<ServerProcess, 'url'>, admin: { email: string; password: string }, name: string, monthly: number) {
  const asAdmin = { token: (await expectStatus(200, server, 'POST', '/api/auth/login', { json: admin })).token as string };
  const bankAccountId = (
    await expectStatus(201, server, 'POST', '/api/bank-accounts', { ...asAdmin, json: { accountName: 'Committee', accountNumber: '1234', bankName: 'UBL', accountType: 'Current' } })
  ).bankAccount.id as string;
  const planId = (
    await expectStatus(201, server, 'POST', '/api/committee-plans', { ...asAdmin, json: { name: `${name} plan`, monthlyAmount: monthly, duration: 3, totalAmount: 3 * monthly, maxMembers: 10 } })
  ).plan.id as string;
  const groupId = (
    await expectStatus(201, server, 'POST', '/api/admin/groups/create', { ...asAdmin, json: { planId, groupName: `${name} group`, maxMembers: 10, startDate: '2026-01-01' } })
  ).group.id as string;
  return { asAdmin, bankAccountId, planId, groupId };
}

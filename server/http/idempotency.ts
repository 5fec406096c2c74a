/**
 * Honours the `Idempotency-Key` header on signed-in POST, PUT and DELETE requests, so that a client
 * retrying after a lost answer gets the first answer again instead of a second effect. The money
 * rules do not depend on it (state checks and unique constraints already refuse a second approval or
 * payout); it turns those refusals into the answer the client missed.
 *
 * - The key is claimed before the handler runs (after authentication and validation; a request that
 *   fails validation claims nothing). Its answer is stored when sent, unless it is a 5xx or a 400: a
 *   failed request, or one whose input was refused, may be tried again.
 * - The same key with a different request (method, path or JSON body) is refused with 409; so is a
 *   key whose first request is still running. A receipt form (multipart) is claimed once it has been
 *   read (claimIdempotentForm), by its fields and its file's SHA-256: a retry with another file is another
 *   request. A claim left by a server that died is taken over
 *   after a minute; answers are kept for a day.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { badRequest, conflict } from './errors.ts';
import { idempotencyMessages } from '../../contract/idempotency.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
const ABANDONED_AFTER = '1 minute';
const KEPT_FOR = '24 hours';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: { userId: string; key: string };
    /** A form's key, claimed once the form is read (claimIdempotentForm). */
    idempotencyPending?: { userId: string; key: string };
  }
  interface FastifyInstance {
    claimIdempotentForm: (request: FastifyRequest, form: { fields: Record<string, string>; file?: Buffer }) => Promise<void>;
  }
}

/** The first answer to a retried form, sent by the error handler in place of running the route again. */
export class ReplayedAnswer extends Error {
  readonly statusCode: number;
  readonly body: string;

  constructor(statusCode: number, body: string) {
    super('replayed answer');
    this.statusCode = statusCode;
    this.body = body;
  }
}

/** What makes two requests "the same": method, path with query, and the parsed JSON body or the form's fields and file. */
function fingerprintOf(request: FastifyRequest, form?: { fields: Record<string, string>; file?: Buffer }): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (form) {
    const fields = Object.keys(form.fields).sort().map((name) => [name, form.fields[name]]);
    hash.update(JSON.stringify(fields)).update('\n').update(form.file ? createHash('sha256').update(form.file).digest('base64url') : '-');
  } else if (request.body !== undefined) {
    hash.update(JSON.stringify(request.body));
  }
  return hash.digest('base64url');
}

type Claim = { claimed: true } | { claimed: false; statusCode: number; body: string };

/** Claims the key for this request, or finds the first answer to replay; refuses a reuse or a key in flight (409). */
async function claimKey(db: Database, userId: string, key: string, fingerprint: string): Promise<Claim> {
  // Claim the key: a new row, or the row of an answer older than a day, or of a dead request.
  const claimed = await db.write(
    `INSERT INTO idempotency_keys (user_id, key, request_fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, key) DO UPDATE
       SET request_fingerprint = EXCLUDED.request_fingerprint, status_code = NULL, response_body = NULL, created_at = now()
       WHERE idempotency_keys.created_at < now() - CASE WHEN idempotency_keys.status_code IS NULL
         THEN interval '${ABANDONED_AFTER}' ELSE interval '${KEPT_FOR}' END
     RETURNING key`,
    [userId, key, fingerprint],
  );
  if (claimed.rowCount > 0) return { claimed: true };
  const { rows } = await db.query<{ request_fingerprint: string; status_code: number | null; response_body: string | null }>(
    'SELECT request_fingerprint, status_code, response_body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  const first = rows[0];
  if (!first || first.request_fingerprint !== fingerprint) throw conflict(idempotencyMessages.keyReused);
  if (first.status_code === null) throw conflict(idempotencyMessages.inProgress);
  return { claimed: false, statusCode: first.status_code, body: first.response_body ?? '' };
}

export function registerIdempotency(app: FastifyInstance, db: Database) {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !request.user || !['POST', 'PUT', 'DELETE', 'PATCH'].includes(request.method)) return;
    const key = Array.isArray(header) ? undefined : header.trim();
    if (!key || !KEY_PATTERN.test(key)) throw badRequest(idempotencyMessages.invalidKey, { [IDEMPOTENCY_HEADER]: idempotencyMessages.invalidKey });
    const userId = request.user.id;
    // A form's body is a stream the route reads: its key waits until the form has been read.
    if (request.isMultipart()) {
      request.idempotencyPending = { userId, key };
      return;
    }
    const claim = await claimKey(db, userId, key, fingerprintOf(request));
    if (claim.claimed) {
      request.idempotencyClaim = { userId, key };
      return;
    }
    return reply.code(claim.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(claim.body);
  });

  app.decorate('claimIdempotentForm', async (request: FastifyRequest, form: { fields: Record<string, string>; file?: Buffer }) => {
    const pending = request.idempotencyPending;
    if (!pending) return;
    request.idempotencyPending = undefined;
    const claim = await claimKey(db, pending.userId, pending.key, fingerprintOf(request, form));
    if (!claim.claimed) throw new ReplayedAnswer(claim.statusCode, claim.body);
    request.idempotencyClaim = pending;
  });

  // Every answer passes here; only a claimed one waits for the database.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    request.idempotencyClaim = undefined;
    const saved =
      reply.statusCode >= 500 || reply.statusCode === 400 || typeof payload !== 'string'
        ? // Not an answer worth replaying (a failure, or bad input that changed nothing, as a form's fields
          // are checked only after its key is claimed): let the next attempt run again.
          db.write('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2', [claim.userId, claim.key])
        : db.write('UPDATE idempotency_keys SET status_code = $3, response_body = $4 WHERE user_id = $1 AND key = $2', [claim.userId, claim.key, reply.statusCode, payload]);
    saved.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}

/** Removes answers older than a day; run now and then by the server's scheduler. */
export async function deleteExpiredIdempotencyKeys(db: Database): Promise<number> {
  const { rowCount } = await db.write(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${KEPT_FOR}'`);
  return rowCount;
}

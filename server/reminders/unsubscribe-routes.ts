/**
 * The one-click unsubscribe of the reminder emails (RFC 8058; decision 054). A mail provider's button
 * POSTs `List-Unsubscribe=One-Click` to the link in the email's List-Unsubscribe header; the token in
 * the link is the proof, so no session and no other check is asked for. A person who opens the link
 * (GET) sees a page that asks first: a GET never changes anything, as mail scanners open every link.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '../../contract/answers.ts';
import { uploadMessages } from '../../contract/receipts.ts';
import { reminderMessages, unsubscribeBody, unsubscribeParams } from '../../contract/reminders.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { AppError, notFound } from '../http/errors.ts';
import { responses } from '../http/schemas.ts';
import { escapeHtml, type Language } from '../mail/layout.ts';
import { unsubscribePage } from './reminder-texts.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';

export type UnsubscribeDeps = { db: Database; key: Buffer; rateLimit: { max: number; timeWindow: number } };

/**
 * A small page in the member's language: the question and its button, which posts to the link itself
 * (the page does not repeat the token), or what was done.
 */
function page(language: Language, state: 'ask' | 'done'): string {
  const t = unsubscribePage[language];
  const form = state === 'ask'
    ? `<p>${escapeHtml(t.ask)}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;font-weight:bold;padding:12px 20px;border:0;border-radius:6px;background:#0f5132;color:#fff;cursor:pointer">${escapeHtml(t.button)}</button></form>`
    : `<p role="status">${escapeHtml(t.done)}</p>`;
  return `<!DOCTYPE html>
<html lang="${language}" dir="${language === 'ur' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head>
<body style="margin:0;background:#f3f4f6;color:#1f2933;font-family:-apple-system,'Segoe UI',Tahoma,'Noto Naskh Arabic',Roboto,Arial,sans-serif;font-size:17px;line-height:1.7">
<main style="max-width:560px;margin:24px auto;padding:24px;background:#fff;border-radius:8px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(t.title)}</h1>${form}</main>
</body></html>`;
}

const htmlPage = { description: 'A page for a person who opened the link', content: { 'text/html': { schema: z.string() } } };

/** The member a token names, with their language; 404 when the token was not made by this server or the member is gone. */
async function memberOf(deps: UnsubscribeDeps, token: string): Promise<{ id: string; language: Language }> {
  const read = readUnsubscribeToken(deps.key, token);
  const { rows } = read ? await deps.db.query<{ id: string; language: Language }>('SELECT id, language FROM users WHERE id = $1', [read.userId]) : { rows: [] };
  if (!rows[0]) throw notFound(reminderMessages.unsubscribeLinkInvalid);
  return rows[0];
}

/** Turns the member's reminder emails off, as their own change; once off, nothing more is done or audited. */
async function turnOffReminderEmails(db: Database, userId: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query('UPDATE users SET email_reminders = false, updated_at = now() WHERE id = $1 AND email_reminders RETURNING id', [userId]);
    if (rows.length === 0) return;
    await recordAudit(tx, { actorId: userId, action: 'REMINDER_EMAILS_OFF', entityType: 'user', entityId: userId, before: { emailReminders: true }, after: { emailReminders: false }, ip });
  });
}

/**
 * RFC 8058 asks mail providers to send the body as multipart/form-data (and lets them send it
 * form-encoded, as a browser's form does): a multipart body's text fields become the body to validate.
 */
async function readMultipartForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: [string, string][] = [];
  try {
    for await (const part of request.parts({ limits: { parts: 5, fields: 5, fieldSize: 1024, files: 0 } })) {
      if (part.type === 'field' && typeof part.value === 'string') fields.push([part.fieldname, part.value]);
    }
  } catch (error) {
    // Malformed or cut-off multipart data, a file, too many parts: all the client's doing.
    request.log.info({ err: error }, 'unsubscribe form could not be read');
    throw new AppError(400, uploadMessages.unreadable);
  }
  // Own keys only: a field named __proto__ is a field like any other.
  request.body = Object.fromEntries(fields);
}

/** A browser's form (the page's button) is answered with a page; a mail provider's POST with JSON. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export function registerUnsubscribeRoutes(app: FastifyInstance, deps: UnsubscribeDeps) {
  // The form body of RFC 8058, read only here: no other route takes form-encoded bodies.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const config = { rateLimit: deps.rateLimit };

    api.get(
      '/api/unsubscribe/:token',
      {
        config,
        schema: {
          tags: ['reminders'],
          summary: 'The page of a reminder email’s unsubscribe link: asks, with a button that POSTs; changes nothing',
          security: [],
          params: unsubscribeParams,
          response: { ...responses({}), 200: htmlPage },
        },
      },
      async (request, reply) => {
        const member = await memberOf(deps, request.params.token);
        return reply.type('text/html; charset=utf-8').send(page(member.language, 'ask'));
      },
    );

    api.post(
      '/api/unsubscribe/:token',
      {
        config,
        preValidation: readMultipartForm,
        schema: {
          tags: ['reminders'],
          summary: 'One-click unsubscribe (RFC 8058): turns the member’s reminder emails off; the token is the proof, no session',
          description: 'The body is the form field `List-Unsubscribe=One-Click`, form-encoded or multipart/form-data. Answers JSON, or a page when the request accepts text/html.',
          security: [],
          params: unsubscribeParams,
          body: unsubscribeBody,
          consumes: ['application/x-www-form-urlencoded'],
          response: responses({ 200: messageAnswer }),
        },
      },
      async (request, reply) => {
        const member = await memberOf(deps, request.params.token);
        await turnOffReminderEmails(deps.db, member.id, request.ip);
        // The JSON answer is the documented one; the page is for a person's browser, sent as it is.
        if (wantsPage(request)) return (reply as FastifyReply).type('text/html; charset=utf-8').send(page(member.language, 'done'));
        return { success: true as const, message: reminderMessages.emailsOff };
      },
    );
  });
}

/**
 * Builds the HTTP application: plugins, the one error handler, the API routes and the web app.
 * main.ts starts it; tests build it on a fresh database and call it through app.inject.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { attemptCounterFor, rateLimitStoreOf, type AttemptCounter } from './http/attempt-counter.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages } from '../contract/account-messages.ts';
import { databaseMessages, storageMessages } from '../contract/availability.ts';
import { registerAuthRoutes, defaultAuthRateLimits, type AuthRateLimits } from './accounts/auth-routes.ts';
import { SessionLookup } from './accounts/session-cache.ts';
import { findSessionUser } from './accounts/sessions.ts';
import { registerTwoFactorRoutes } from './accounts/two-factor-routes.ts';
import { fastifyTrustProxy, type Config } from './config.ts';
import { isDatabaseUnavailable, type Database } from './db/database.ts';
import { registerOverviewRoutes } from './admin/overview.ts';
import { registerAuditRoutes } from './audit/audit-routes.ts';
import { registerBankAccountRoutes } from './bank-accounts/bank-account-routes.ts';
import { registerCorrectionRoutes } from './corrections/correction-routes.ts';
import { registerGroupRoutes } from './groups/group-routes.ts';
import { registerHealthRoutes } from './operations/health-routes.ts';
import { Metrics, registerMetricsRoute } from './operations/metrics.ts';
import { registerOverloadGuard } from './operations/overload.ts';
import type { Lifecycle } from './operations/readiness.ts';
import { outboxBacklog } from './mail/outbox.ts';
import { registerNotificationRoutes } from './notifications/notification-routes.ts';
import { registerMessagingRoutes } from './messaging/messaging-routes.ts';
import { vapidKeysOf } from './messaging/push-sender.ts';
import { businessDayOf } from './figures/figures.ts';
import { registerLedgerRoutes } from './instalments/ledger-routes.ts';
import { StatementPool } from './instalments/statement-pool.ts';
import { registerBankStatementRoutes } from './bank-statements/bank-statement-routes.ts';
import { StatementReader } from './bank-statements/statement-import-pool.ts';
import { defaultStatementLimits, registerStatementRoutes, type StatementLimits } from './instalments/statement-routes.ts';
import { registerExportRoutes } from './exports/export-routes.ts';
import { registerReminderRoutes } from './reminders/reminder-routes.ts';
import { registerUnsubscribeRoutes } from './reminders/unsubscribe-routes.ts';
import { loadUnsubscribeKey } from './reminders/unsubscribe-links.ts';
import { registerInstalmentRoutes } from './instalments/instalment-routes.ts';
import { registerPlanRequestRoutes } from './plan-requests/plan-request-routes.ts';
import { registerCommitteeRoutes } from './plans/committee-routes.ts';
import { registerCommitteeJoinRoutes } from './plan-requests/committee-join-routes.ts';
import { registerPlanRoutes } from './plans/plan-routes.ts';
import { registerProfileRoutes } from './profile/profile-routes.ts';
import { registerPhoneConfirmationRoutes } from './profile/phone-confirmation-routes.ts';
import { codeProvider, createPhoneProviders, type PhoneProviders } from './messaging/phone-providers.ts';
import { registerReferralRoutes } from './referrals/referral-routes.ts';
import { registerUserRoutes } from './users/user-routes.ts';
import { registerWinnerRoutes } from './winners/winner-routes.ts';
import { loadSigningKey, ReceiptLinkSigner } from './receipts/receipt-links.ts';
import { registerReceiptRoutes } from './receipts/receipt-routes.ts';
import { createReceiptStorage } from './receipts/create-receipt-storage.ts';
import { StorageUnavailableError, type ReceiptStorage } from './receipts/receipt-storage.ts';
import { multipartLimits, registerReceiptUploads, type ReceiptUploadLimits } from './receipts/receipt-upload.ts';
import { createAuthHooks } from './http/auth.ts';
import { errorCodes, VALIDATION_FAILED_CODE } from './http/error-codes.ts';
import { messageCatalogues } from '../contract/message-catalogues.ts';
import { bearerSecurity, documentObject, documentRoute } from './http/openapi-document.ts';
import { registerIdempotency, ReplayedAnswer } from './http/idempotency.ts';
import { readWebApp, registerWebApp } from './web-app.ts';
import { AppError, SERVER_ERROR_MESSAGE, unavailable, VALIDATION_FAILED_MESSAGE, type FieldErrors } from './http/errors.ts';
import { logRefusal } from './http/security-log.ts';
import { schemaSerializerCompiler } from './http/serializer.ts';
import { refuseUnsupportedText } from './http/unsupported-text.ts';
import type { Logger } from './logger.ts';

export type AppOptions = {
  config: Config;
  db: Database;
  logger: Logger;
  /** Tells the mail worker that a request queued mail. */
  mailQueued?: () => void;
  authRateLimits?: AuthRateLimits;
  /** Where the built web app is; the API works without it. */
  webDir?: string;
  /** Where receipt files go; the configured store (config.receiptStore) unless given. */
  receiptStorage?: ReceiptStorage;
  /** Where codes and messages to phones go; the configured providers (config.phone) unless given. */
  phoneProviders?: PhoneProviders;
  /** Where attempts against limits are counted; shared in PostgreSQL, in memory on the embedded database, unless given. */
  attemptCounter?: AttemptCounter;
  /** Per-user upload rate and stall limits of the receipt forms; production defaults unless given. */
  receiptUploadLimits?: ReceiptUploadLimits;
  /** Statements one person may ask for in a window; production defaults unless given. */
  statementLimits?: StatementLimits;
  /**
   * The threads statements are drawn in (decision 042): config.statementWorkers and statementQueue
   * unless given. The app closes it when it closes.
   */
  statementPool?: StatementPool;
  /** The time figures are read at (RULES §6a); the real clock unless a test sets another. */
  clock?: () => Date;
  /**
   * How request tokens become users: a session cache on the database's notifications unless given
   * (decision 017); false reads the database on every request. The app closes it when it closes.
   */
  sessionLookup?: SessionLookup | false;
  /** Every answer is also checked against its zod contract (the test suite); production trusts it. */
  checkResponses?: boolean;
  /** Where the app's figures are counted (GET /metrics); its own registry unless given (start.ts shares one with the jobs). */
  metrics?: Metrics;
  /** The server's life as start.ts runs it: draining once SIGTERM has come (readiness, Connection: close). */
  lifecycle?: Lifecycle;
  /** Told of each route as it is registered, before any other hook: what reads the routes' answers (test/route-answers-table.ts). */
  onRoute?: (route: RouteOptions) => void;
};

const JSON_BODY_LIMIT = 1024 * 1024;

/** The browser-security headers of every answer: pages, files, API answers and errors alike. */
const securityHeaders = (inlineScriptHashes: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The web page's own inline scripts by their hashes (web-app.ts); no other inline script runs.
      scriptSrc: ["'self'", ...inlineScriptHashes],
      // Radix and toasts position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // The installed app's service worker (sw.js) and its manifest, both from the app's own origin.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // The app sets no <base>: an injected one could redirect relative script addresses.
      baseUri: ["'none'"],
      formAction: ["'self'"],
      // Not forced: an installation served over plain http (a LAN address) would otherwise load nothing.
      // Behind TLS, HSTS below keeps browsers on https.
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});
/**
 * The headers helmet sets with these options, worked out once per app: they are the same for every
 * answer (no nonce, nothing read from the request), and working them out per request took about 6% of
 * the server's time on a kept answer (docs/performance-history.md).
 */
function securityHeaderValuesFor(inlineScriptHashes: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(securityHeaders(inlineScriptHashes))({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
}
const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

/** Turns a fastify or zod validation error into one message per field (RULES §12). */
function fieldErrorsOf(error: FastifyError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
    errors[field] ??= issue.message ?? VALIDATION_FAILED_MESSAGE;
  }
  return errors;
}

/** Whether the schema of this answer has a `code`: one whose message is optional has it also without one. */
function declaresCode(reply: FastifyReply): boolean {
  const schemas = reply.routeOptions.schema?.response as Record<string, unknown> | undefined;
  const schema = schemas?.[reply.statusCode] ?? schemas?.[`${String(reply.statusCode)[0]}xx`];
  return schema instanceof z.ZodObject && 'code' in schema.shape;
}

const clientErrorMessages: Record<number, string> = {
  400: 'The request could not be read. Please check your input.',
  404: 'Resource not found.',
  405: 'Method not allowed.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'Unsupported content type.',
  429: authMessages.tooManyRequests,
};
const clientErrorMessage = (status: number) => clientErrorMessages[status] ?? clientErrorMessages[400];

/** Every catalogue of answer texts, by the name its codes start with (contract/message-catalogues.ts). */
const codeOf = errorCodes(messageCatalogues);

/** The one error body for an AppError, with its Retry-After when it has one. */
function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  logRefusal(request, error.statusCode, { reason: error.message, fields: error.errors ? Object.keys(error.errors) : undefined });
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).send({ success: false, code: codeOf(error.message, error.statusCode), message: error.message, errors: error.errors, ...error.extra });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const metrics = options.metrics ?? new Metrics();
  // Every statement of every request is timed (db_query_duration_seconds).
  const db = metrics.timed(options.db);
  const lifecycle = options.lifecycle ?? { draining: false };
  const web = readWebApp(options.webDir ?? defaultWebDir, options.config.appUrl);
  const securityHeaderValues = securityHeaderValuesFor(web.inlineScriptHashes);
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    // A stopping server answers what is already in flight, and reports itself not ready (start.ts), rather
    // than refusing requests that arrive on connections it already had.
    return503OnClosing: false,
    // Any request whose whole body has not arrived by then is cut, whatever it is (receipt forms have their
    // own limit, under this one: receipt-upload.ts).
    requestTimeout: (options.config.uploads.timeoutSeconds + 30) * 1000,
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    // Repeated or odd query keys must never become prototype keys.
    routerOptions: { maxParamLength: 200 },
    // Addresses the router cannot read (bad percent-escapes, overlong parameters) get the one error body too.
    // No route and no hook runs for them, so the headers every API answer carries are set here.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message = clientErrorMessage(status);
      logRefusal(request, status, { reason: message });
      reply
        .headers(securityHeaderValues)
        .code(status)
        .header('cache-control', 'no-store')
        .header('x-request-id', request.id)
        .send({ success: false, code: codeOf(message, status), message });
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(schemaSerializerCompiler({ checkAgainstContract: options.checkResponses ?? false }));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A retried form's first answer (http/idempotency.ts): sent as it was, not an error.
    if (error instanceof ReplayedAnswer) {
      return reply.code(error.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(error.body);
    }
    // The database could not serve this request now: the request may be sent again, and the server is not at fault.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendAppError(request, reply, unavailable(databaseMessages.unavailable));
    }
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error.cause }, 'receipt store unavailable');
      return sendAppError(request, reply, unavailable(storageMessages.unavailable));
    }
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = fieldErrorsOf(error);
      logRefusal(request, 400, { fields: Object.keys(errors) });
      // The first field's own message is the most useful headline for a person.
      return reply.code(400).send({ success: false, code: VALIDATION_FAILED_CODE, message: Object.values(errors)[0] ?? VALIDATION_FAILED_MESSAGE, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = clientErrorMessage(status);
      logRefusal(request, status, { reason: message });
      return reply.code(status).send({ success: false, code: codeOf(message, status), message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ success: false, code: codeOf(SERVER_ERROR_MESSAGE, 500), message: SERVER_ERROR_MESSAGE, requestId: String(request.id) });
  });

  // Hooks that never wait are written with `done`: every request runs them, and a promise each costs more
  // than their work.
  // Before any schema or handler: text that PostgreSQL cannot store is the client's error, not a failed query.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseUnsupportedText(request.params, request.query, request.body);
      done();
    } catch (error) {
      done(error as FastifyError);
    }
  });

  // Every answer that says what happened carries the code of its text (http/error-codes.ts), set here
  // once rather than by each route. Errors have theirs already (the error handler above). Only where the
  // answer has a message or its schema a code: a union's branch (fast-json-stringify picks the branch
  // the payload matches, and closed branches match no undeclared field) would refuse one.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (payload && typeof payload === 'object' && 'success' in payload && !('code' in payload)) {
      const { message } = payload as { message?: unknown };
      if (typeof message === 'string' || declaresCode(reply)) {
        done(null, { ...payload, code: codeOf(typeof message === 'string' ? message : '', reply.statusCode) });
        return;
      }
    }
    done(null, payload);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // While stopping, each answer closes its connection: the client's next request goes to a server that stays.
    if (lifecycle.draining) reply.header('connection', 'close');
    // API answers are personal: never cached by browsers or proxies.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaderValues);
    done();
  });
  metrics.watchRequests(app);
  // Before any route's own work: an overloaded server refuses at once rather than queueing.
  const overload = registerOverloadGuard(app, options.config.maxEventLoopDelayMs);
  // Every limit on attempts counts in one place, shared by all servers on PostgreSQL (http/attempt-counter.ts).
  const attempts = options.attemptCounter ?? attemptCounterFor(db);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStoreOf(attempts),
    errorResponseBuilder: () => new AppError(429, authMessages.tooManyRequests),
  });

  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  registerReceiptUploads(app, attempts, { bodyTimeoutMs: options.config.uploads.timeoutSeconds * 1000, atOnce: options.config.uploads.atOnce }, options.receiptUploadLimits);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Umrah Committee API', version: '1.0.0', description: 'Interest-free savings committees that fund Umrah.' },
      // The paths are absolute (/api/…) on the server that serves this document.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The session token from POST /api/auth/login' } } },
      // Every route needs a session unless it says otherwise (http/openapi-document.ts).
      security: bearerSecurity,
    },
    transform: documentRoute,
    // Named schemas (contract/json.ts, contract/answers.ts…) become the document's components.
    transformObject: documentObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerIdempotency(app, db);
  const accountDeps = {
    db: db,
    appUrl: options.config.appUrl,
    sessionDays: options.config.sessionDays,
    mailQueued: options.mailQueued ?? (() => {}),
  };
  const storage = options.receiptStorage ?? createReceiptStorage(options.config);
  const signer = new ReceiptLinkSigner(await loadSigningKey(db));
  // Opened last of what the app awaits, and closed with it: a listening connection of its own (decision 017).
  const sessions = options.sessionLookup === false ? undefined : (options.sessionLookup ?? (await SessionLookup.start(db, { logger: options.logger })));
  if (sessions) app.addHook('onClose', () => sessions.close());
  // Without the cache, every request reads its session from the database.
  const auth = createAuthHooks(sessions ?? { findUser: (token) => findSessionUser(db, token) });
  const clock = options.clock ?? (() => new Date());
  // Every figure of every request is read on this business day: today in Asia/Karachi with the grace day.
  const today = () => businessDayOf(clock(), options.config.overdueGraceDay);
  const paymentDeps = { db: db, storage, signer, appUrl: options.config.appUrl, mailQueued: accountDeps.mailQueued, auth, today };

  registerHealthRoutes(app, {
    db,
    readiness: {
      db,
      noticesHeard: () => sessions?.listening ?? true,
      storageReachable: () => storage.check(),
      lifecycle,
      overloaded: overload.overloaded,
    },
  });
  registerMetricsRoute(app, metrics, options.config.metrics.token);
  metrics.watchPool(options.db);
  metrics.watchOutbox(() => outboxBacklog(options.db));
  if (sessions) metrics.watchCache('sessions', () => sessions.lookups);
  const authRateLimits = options.authRateLimits ?? defaultAuthRateLimits;
  registerAuthRoutes(app, { ...accountDeps, auth, limits: authRateLimits, attempts });
  registerTwoFactorRoutes(app, { db: db, auth, attempts, mailQueued: accountDeps.mailQueued });
  registerPlanRoutes(app, { db: db, auth });
  registerGroupRoutes(app, { db: db, auth, today });
  registerBankAccountRoutes(app, { db: db, auth, mailQueued: accountDeps.mailQueued });
  registerPlanRequestRoutes(app, paymentDeps);
  registerReceiptRoutes(app, paymentDeps);
  registerCommitteeRoutes(app, { db: db, auth });
  registerCommitteeJoinRoutes(app, paymentDeps);
  registerInstalmentRoutes(app, paymentDeps);
  registerLedgerRoutes(app, paymentDeps);
  registerCorrectionRoutes(app, paymentDeps);
  // Closed with the app, so that neither a test nor the server's stop leaves a thread behind.
  const statementPool = options.statementPool ?? new StatementPool({ threads: options.config.statementWorkers, queue: options.config.statementQueue }, options.logger);
  app.addHook('onClose', () => statementPool.close());
  registerStatementRoutes(app, { ...paymentDeps, attempts, limits: options.statementLimits ?? defaultStatementLimits, pool: statementPool });
  const statementReader = new StatementReader(options.logger);
  app.addHook('onClose', () => statementReader.close());
  registerBankStatementRoutes(app, { ...paymentDeps, auth, reader: statementReader, matchDays: options.config.statementMatchDays });
  registerUserRoutes(app, { db: db, auth, appUrl: options.config.appUrl, mailQueued: accountDeps.mailQueued });
  registerOverviewRoutes(app, { db: db, auth, today });
  registerNotificationRoutes(app, { db: db, auth });
  // Made by the first server of a new installation, read by every other: a GET never writes (decision 056).
  const pushKeys = await vapidKeysOf(db, options.config.push);
  registerMessagingRoutes(app, { db: db, auth, pushKey: pushKeys.publicKey, pushServices: options.config.push.services });
  registerAuditRoutes(app, { db: db, auth });
  registerWinnerRoutes(app, { db: db, auth, appUrl: options.config.appUrl, mailQueued: accountDeps.mailQueued, today, now: clock, drawNoticeHours: options.config.drawNoticeHours });
  registerReferralRoutes(app, { db: db, auth });
  registerExportRoutes(app, { db: db, auth, today });
  registerReminderRoutes(app, { db: db, auth, today, appUrl: options.config.appUrl, mailQueued: accountDeps.mailQueued });
  registerUnsubscribeRoutes(app, { db: db, key: await loadUnsubscribeKey(db), rateLimit: { max: authRateLimits.perAddress, timeWindow: authRateLimits.windowMs } });
  registerProfileRoutes(app, { db: db, auth, appUrl: options.config.appUrl, mailQueued: accountDeps.mailQueued, limits: authRateLimits, attempts });
  registerPhoneConfirmationRoutes(app, { db: db, auth, attempts, provider: codeProvider(options.phoneProviders ?? createPhoneProviders(options.config.phone, options.config.appUrl)) });

  registerWebApp(app, web, { code: codeOf(clientErrorMessage(404), 404), message: clientErrorMessage(404) });
  return app;
}

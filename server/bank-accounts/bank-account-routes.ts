/** /api/bank-accounts (member document §7, admin document §7), to RULES §10. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstValue, searchField } from '../../contract/paging.ts';
import { activeBankAccountsAnswer, bankAccountAnswer, bankAccountBody, bankAccountDeletedAnswer, bankAccountListAnswer, bankAccountMessages, type bankAccount } from '../../contract/bank-accounts.ts';
import {
  reconciliationAnswer,
  reconciliationEntriesAnswer,
  reconciliationEntriesQuery,
  reconciliationQuery,
  reconciliationTickAnswer,
  reconciliationTickBody,
  statementReconciliationAnswer,
  statementReconciliationQuery,
} from '../../contract/reconciliation.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { logSecurityEvent } from '../http/security-log.ts';
import { idParam, responses } from '../http/schemas.ts';
import {
  createBankAccount,
  deleteBankAccount,
  listBankAccounts,
  setDefaultBankAccount,
  toggleBankAccount,
  updateBankAccount,
} from './bank-account-service.ts';
import { reconciliationEntries, reconciliationReport, setReconciliationTick, statementReconciliation } from './reconciliation.ts';

/** Each change of an account emails every admin (bank-account-service.ts); mailQueued wakes the mail worker for it. */
export function registerBankAccountRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; mailQueued: () => void }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };
  /** After a change: every admin was emailed in its transaction; wake the mail worker and log the event. */
  const told = <T>(request: FastifyRequest, result: T): T => {
    deps.mailQueued();
    logSecurityEvent(request, 'bank-account.changed');
    return result;
  };
  const one = (message: string, account: z.infer<typeof bankAccount>) => ({ success: true as const, message, bankAccount: account, data: { message, bankAccount: account } });

  api.get(
    '/api/bank-accounts/active',
    { onRequest: deps.auth.requireUser, schema: { tags: ['bank accounts'], summary: 'Accounts members can pay into', response: responses({ 200: activeBankAccountsAnswer }) } },
    async () => {
      // Members are not shown the payment counts (memberBankAccount): they are not counted for them.
      const bankAccounts = await listBankAccounts(deps.db, { activeOnly: true });
      return { success: true as const, bankAccounts, data: { bankAccounts } };
    },
  );

  api.get(
    '/api/bank-accounts',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: 'All accounts (admin)',
        querystring: z.object({
          search: searchField,
          status: firstValue(z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ALL', 'ACTIVE', 'INACTIVE', 'DEFAULT']).optional())),
        }),
        response: responses({ 200: bankAccountListAnswer }),
      },
    },
    async (request) => {
      const { search, status } = request.query;
      const bankAccounts = await listBankAccounts(deps.db, { search, status: status === 'ALL' ? undefined : status });
      return { success: true as const, bankAccounts, data: { bankAccounts } };
    },
  );

  api.post(
    '/api/bank-accounts',
    { ...admin, schema: { tags: ['bank accounts'], summary: 'Add an account', body: bankAccountBody, response: responses({ 201: bankAccountAnswer }) } },
    async (request, reply) => reply.code(201).send(one(bankAccountMessages.created, told(request, await createBankAccount(deps.db, actorOf(request), request.body)))),
  );

  api.put(
    '/api/bank-accounts/:id',
    { ...admin, schema: { tags: ['bank accounts'], summary: 'Edit an account', params: idParam, body: bankAccountBody, response: responses({ 200: bankAccountAnswer }) } },
    async (request) => one(bankAccountMessages.updated, told(request, await updateBankAccount(deps.db, actorOf(request), request.params.id, request.body))),
  );

  api.put(
    '/api/bank-accounts/:id/toggle-status',
    { ...admin, schema: { tags: ['bank accounts'], summary: 'Activate or deactivate', params: idParam, response: responses({ 200: bankAccountAnswer }) } },
    async (request) => {
      const account = told(request, await toggleBankAccount(deps.db, actorOf(request), request.params.id));
      return one(account.isActive ? bankAccountMessages.activated : bankAccountMessages.deactivated, account);
    },
  );

  api.put(
    '/api/bank-accounts/:id/set-default',
    { ...admin, schema: { tags: ['bank accounts'], summary: 'Make the default account', params: idParam, response: responses({ 200: bankAccountAnswer }) } },
    async (request) => one(bankAccountMessages.defaultSet, told(request, await setDefaultBankAccount(deps.db, actorOf(request), request.params.id))),
  );

  api.delete(
    '/api/bank-accounts/:id',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: 'Delete an account (kept hidden when payments refer to it)',
        params: idParam,
        response: responses({ 200: bankAccountDeletedAnswer }),
      },
    },
    async (request) => {
      const { kept } = told(request, await deleteBankAccount(deps.db, actorOf(request), request.params.id));
      const message = bankAccountMessages.deleted;
      return { success: true as const, message, data: { message, kept } };
    },
  );

  // Reconciliation: the money approved into each account per day or month (Asia/Karachi), and one period's payments to tick.
  api.get(
    '/api/admin/reconciliation',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: 'Approved and waiting money per bank account, per day or month of Asia/Karachi (admin)',
        querystring: reconciliationQuery,
        response: responses({ 200: reconciliationAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await reconciliationReport(deps.db, request.query) }),
  );

  api.get(
    '/api/admin/reconciliation/entries',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: "One day's or month's approved payments into one bank account, in approval order (admin)",
        querystring: reconciliationEntriesQuery,
        response: responses({ 200: reconciliationEntriesAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await reconciliationEntries(deps.db, request.query) }),
  );

  api.put(
    '/api/admin/reconciliation/ticks/:id',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: 'Tick or untick an approved payment as checked against the bank statement; shared by every admin and in the audit log',
        params: idParam,
        body: reconciliationTickBody,
        response: responses({ 200: reconciliationTickAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: { paymentId: request.params.id, tick: await setReconciliationTick(deps.db, actorOf(request), request.params.id, request.body.ticked) } }),
  );

  api.get(
    '/api/admin/reconciliation/statement',
    {
      ...admin,
      schema: {
        tags: ['bank accounts'],
        summary: "An account's imported statement per transfer day or month: credit lines matched and open, and approved payments no line matches (admin)",
        querystring: statementReconciliationQuery,
        response: responses({ 200: statementReconciliationAnswer }),
      },
    },
    async (request) => ({ success: true as const, data: await statementReconciliation(deps.db, request.query) }),
  );
}

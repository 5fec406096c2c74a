/**
 * Every catalogue of texts the server answers with (texts with codes, shared with the web), by the name its codes start with
 * (server/http/error-codes.ts): `auth.invalidCredentials`, `group.full`. The web shows each catalogue's texts
 * in the reader's language from the same names (web/locales/en/server-text.json), so a catalogue
 * added here is one the web must translate too (server/http/answer-codes.test.ts checks that it does).
 */
import { accountMessages, authMessages, sessionMessages, stepUpMessages, twoFactorMessages } from './account-messages.ts';
import { databaseMessages, serviceMessages, storageMessages } from './availability.ts';
import { correctionMessages } from './corrections.ts';
import { idempotencyMessages } from './idempotency.ts';
import { messagingMessages } from './messaging.ts';
import { notificationMessages } from './notifications.ts';
import { healthMessages } from './operations.ts';
import { instalmentMessages } from './instalments.ts';
import { statementMessages } from './statements.ts';
import { phoneMessages } from './phone-confirmation.ts';
import { planPaymentMessages, planRequestMessages } from './plan-requests.ts';
import { planMessages } from './plans.ts';
import { groupMessages, membershipMessages } from './groups.ts';
import { bankAccountMessages } from './bank-accounts.ts';
import { bankStatementMessages } from './bank-statements.ts';
import { receiptMessages, uploadMessages } from './receipts.ts';
import { reconciliationMessages } from './reconciliation.ts';
import { commissionMessages } from './referrals.ts';
import { reminderMessages } from './reminders.ts';
import { userMessages } from './users.ts';
import { winnerMessages } from './winners.ts';

export const messageCatalogues = {
  account: accountMessages,
  auth: authMessages,
  twoFactor: twoFactorMessages,
  stepUp: stepUpMessages,
  session: sessionMessages,
  user: userMessages,
  phone: phoneMessages,
  plan: planMessages,
  group: groupMessages,
  membership: membershipMessages,
  bankAccount: bankAccountMessages,
  planPayment: planPaymentMessages,
  planRequest: planRequestMessages,
  instalment: instalmentMessages,
  correction: correctionMessages,
  receipt: receiptMessages,
  upload: uploadMessages,
  commission: commissionMessages,
  winner: winnerMessages,
  reminder: reminderMessages,
  notification: notificationMessages,
  messaging: messagingMessages,
  reconciliation: reconciliationMessages,
  bankStatement: bankStatementMessages,
  statement: statementMessages,
  idempotency: idempotencyMessages,
  database: databaseMessages,
  storage: storageMessages,
  service: serviceMessages,
  health: healthMessages,
};

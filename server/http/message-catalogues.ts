/**
 * Every catalogue of texts the server answers with, by the name its codes start with
 * (http/error-codes.ts): `auth.invalidCredentials`, `group.full`. The web shows each catalogue's texts
 * in the reader's language from the same names (web/locales/en/server-text.json), so a catalogue
 * added here is one the web must translate too (http/answer-codes.test.ts checks that it does).
 */
import { accountMessages, authMessages, sessionMessages, stepUpMessages, twoFactorMessages } from '../../contract/account-messages.ts';
import { databaseMessages, serviceMessages, storageMessages } from '../../contract/availability.ts';
import { correctionMessages } from '../../contract/corrections.ts';
import { healthMessages } from '../../contract/operations.ts';
import { notificationMessages } from '../../contract/notifications.ts';
import { instalmentMessages } from '../../contract/payments.ts';
import { planRequestMessages } from '../../contract/plan-requests.ts';
import { bankAccountMessages, groupMessages, planMessages } from '../../contract/plans.ts';
import { reconciliationMessages } from '../../contract/reconciliation.ts';
import { commissionMessages } from '../../contract/referrals.ts';
import { reminderMessages } from '../../contract/reminders.ts';
import { userMessages } from '../../contract/users.ts';
import { winnerMessages } from '../../contract/winners.ts';
import { membershipMessages } from '../groups/membership-service.ts';
import { statementMessages } from '../payments/statement-pool.ts';
import { planPaymentMessages } from '../plan-payments/plan-payment-service.ts';
import { receiptMessages } from '../receipts/receipt-files.ts';
import { uploadMessages } from '../receipts/receipt-upload.ts';
import { idempotencyMessages } from './idempotency.ts';

export const messageCatalogues = {
  account: accountMessages,
  auth: authMessages,
  twoFactor: twoFactorMessages,
  stepUp: stepUpMessages,
  session: sessionMessages,
  user: userMessages,
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
  reconciliation: reconciliationMessages,
  statement: statementMessages,
  idempotency: idempotencyMessages,
  database: databaseMessages,
  storage: storageMessages,
  service: serviceMessages,
  health: healthMessages,
};

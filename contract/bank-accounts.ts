/**
 * Bank accounts members pay into: the admin's form with the specification's messages (admin document
 * §5), and the shapes the server answers with (member document §7 "Bank accounts"; admin document §7).
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';

export const ACCOUNT_TYPES = ['Current', 'Savings', 'Mobile Account'] as const;

export const bankAccountMessages = {
  accountNameRequired: 'Account name is required',
  accountNumberRequired: 'Account number is required',
  bankNameRequired: 'Bank name is required',
  accountTypeRequired: 'Account type is required',
  notFound: 'Bank account not found.',
  notActive: 'This bank account is not available. Please choose another.',
  defaultNeedsActive: 'Only an active account that is not already the default can be made the default.',
  created: 'Bank account created successfully',
  updated: 'Bank account updated successfully',
  activated: 'Bank account activated successfully',
  deactivated: 'Bank account deactivated successfully',
  defaultSet: 'Default bank account updated successfully',
  deleted: 'Bank account deleted successfully',
} as const;

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());

export const bankAccountBody = z.object({
  accountName: z.string({ error: bankAccountMessages.accountNameRequired }).trim().min(1, bankAccountMessages.accountNameRequired).max(120),
  accountNumber: z.string({ error: bankAccountMessages.accountNumberRequired }).trim().min(1, bankAccountMessages.accountNumberRequired).max(40),
  bankName: z.string({ error: bankAccountMessages.bankNameRequired }).trim().min(1, bankAccountMessages.bankNameRequired).max(120),
  accountType: z.enum(ACCOUNT_TYPES, { error: bankAccountMessages.accountTypeRequired }),
  branchCode: optionalText(20),
  branchName: optionalText(120),
  iban: optionalText(34),
  swiftCode: optionalText(11),
  isActive: z.boolean().default(true),
  isDefault: z.boolean().default(false),
});
export type BankAccountBody = z.infer<typeof bankAccountBody>;

/*
 * The answers of the bank account routes (member document §7 "Bank accounts"; admin document §7).
 */

/** An account members pay into, with how many payments name it (admin document §3 "Bank account"). */
export const bankAccount = z.object({
  id: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
  accountType: z.string(),
  branchCode: z.string().nullable(),
  branchName: z.string().nullable(),
  iban: z.string().nullable(),
  swiftCode: z.string().nullable(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  _count: z.object({ payments: z.number() }),
}).meta({ id: 'BankAccount' });

/** An account as a member sees it: without the payment counts (not counted for them) and the bank's codes. */
export const memberBankAccount = bankAccount.omit({ _count: true, swiftCode: true, branchCode: true });

/** GET /api/bank-accounts/active: the accounts members can pay into. */
export const activeBankAccountsAnswer = z.object({
  success: z.literal(true),
  bankAccounts: z.array(memberBankAccount),
  data: z.object({ bankAccounts: z.array(memberBankAccount) }),
});

/** GET /api/bank-accounts (admin): every account, with its payment count. */
export const bankAccountListAnswer = z.object({ success: z.literal(true), bankAccounts: z.array(bankAccount), data: z.object({ bankAccounts: z.array(bankAccount) }) });

/** POST /api/bank-accounts, and PUT …/{id}, …/toggle-status, …/set-default: the account now. */
export const bankAccountAnswer = z.object({
  success: z.literal(true),
  code: answerCode,
  message: z.string(),
  bankAccount,
  data: z.object({ message: z.string(), bankAccount }),
});

/** DELETE /api/bank-accounts/{id}: kept is true when payments refer to it, so it is only hidden. */
export const bankAccountDeletedAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ message: z.string(), kept: z.boolean() }) });

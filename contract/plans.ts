/**
 * Plans, groups and bank accounts: schemas shared by the admin forms and the server routes, with the
 * specification's messages (admin document §5) and RULES §4 and §10.
 */
import { z } from 'zod';
import { amountField, multiplyAmount } from './money.ts';

export const PACKAGE_TYPES = ['economy', 'premium', 'luxury'] as const;
export const ACCOUNT_TYPES = ['Current', 'Savings', 'Mobile Account'] as const;
export const PAYMENT_METHODS = ['CASH', 'BANK_TRANSFER', 'MOBILE_BANKING'] as const;

export const planMessages = {
  nameRequired: 'Plan name is required.',
  monthlyRequired: 'Monthly amount must be greater than 0.',
  durationRange: 'Duration must be between 1 and 120 months.',
  maxMembersRange: 'Max members must be at least 1.',
  totalMismatch: 'Total amount must equal the monthly amount times the duration.',
  hasHistory: 'This plan has groups or payments and cannot be deleted. Deactivate it instead.',
  amountsLocked: 'This plan already has payments: its amounts and duration cannot change.',
  notFound: 'Plan not found.',
  /** The same plan asked for as a committee (/api/committees/{id}…): the specification's words. */
  committeeNotFound: 'Committee not found.',
  inactive: 'This plan is not available.',
} as const;

/** Accepts status words in any case (the admin client sends lowercase). */
export const caseInsensitiveEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(values.map((v) => v.toUpperCase()) as unknown as T));

const benefitsField = z
  .array(z.string().max(300, 'Each benefit can be at most 300 characters.'))
  .max(50, 'A plan can list at most 50 benefits.')
  .default([])
  // Empty benefit rows are dropped (admin document §5).
  .transform((list) => list.map((b) => b.trim()).filter((b) => b.length > 0));

export const planBody = z
  .object({
    name: z.string({ error: planMessages.nameRequired }).trim().min(1, planMessages.nameRequired).max(120),
    description: z.string().trim().max(2000).optional().default(''),
    packageType: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(PACKAGE_TYPES)).default('economy'),
    monthlyAmount: amountField({ required: planMessages.monthlyRequired }),
    duration: z.number({ error: planMessages.durationRange }).int(planMessages.durationRange).min(1, planMessages.durationRange).max(120, planMessages.durationRange),
    totalAmount: amountField({ required: planMessages.totalMismatch }),
    maxMembers: z.number({ error: planMessages.maxMembersRange }).int(planMessages.maxMembersRange).min(1, planMessages.maxMembersRange).max(100_000),
    benefits: benefitsField,
    isActive: z.boolean().default(true),
  })
  // RULES §4: checked on the server whatever the client computed.
  .refine((p) => multiplyAmount(p.monthlyAmount, p.duration) === p.totalAmount, { message: planMessages.totalMismatch, path: ['totalAmount'] });
export type PlanBody = z.infer<typeof planBody>;

export const groupMessages = {
  planRequired: 'Please select a committee plan',
  nameRequired: 'Group name is required',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endAfterStart: 'End date must be after start date',
  maxMembersRange: 'Max members must be between 1 and 500',
  numberTaken: 'This group number is already used in this plan.',
  hasMembers: (n: number) => `This group has ${n} members. Please remove all members before deleting.`,
  hasHistory: 'This group has payment history and cannot be deleted.',
  belowMembers: 'Max members cannot be lower than the current number of members.',
  startLocked: 'The start date cannot change once members have joined.',
  full: 'Committee is full.',
  notFound: 'Group not found.',
} as const;

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v) => v.slice(0, 10))
    .pipe(z.iso.date({ error: message }));

export const groupNumberField = z
  .string({ error: 'Group number is required' })
  .trim()
  .min(1, 'Group number is required')
  .max(20, 'Group number can be at most 20 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and dashes, such as 1, A1 or B2');

export const groupCreateBody = z.object({
  planId: z.string({ error: groupMessages.planRequired }).min(1, groupMessages.planRequired).max(100),
  groupName: z.string({ error: groupMessages.nameRequired }).trim().min(1, groupMessages.nameRequired).max(120),
  groupNumber: groupNumberField.optional(),
  maxMembers: z.number({ error: groupMessages.maxMembersRange }).int(groupMessages.maxMembersRange).min(1, groupMessages.maxMembersRange).max(500, groupMessages.maxMembersRange),
  startDate: isoDate(groupMessages.startRequired),
  // The server computes the end date from the plan's duration; a client's value is not trusted.
  endDate: z.string().optional(),
  isActive: z.boolean().default(true),
});
export type GroupCreateBody = z.infer<typeof groupCreateBody>;

export const groupUpdateBody = z.object({
  groupName: z.string().trim().min(1, groupMessages.nameRequired).max(120).optional(),
  maxMembers: z.number().int(groupMessages.maxMembersRange).min(1, groupMessages.maxMembersRange).max(500, groupMessages.maxMembersRange).optional(),
  startDate: isoDate(groupMessages.startRequired).optional(),
  endDate: z.string().optional(),
  isActive: z.boolean().optional(),
  planId: z.string().optional(),
});
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;

export const bankAccountMessages = {
  accountNameRequired: 'Account name is required',
  accountNumberRequired: 'Account number is required',
  bankNameRequired: 'Bank name is required',
  accountTypeRequired: 'Account type is required',
  notFound: 'Bank account not found.',
  notActive: 'This bank account is not available. Please choose another.',
  defaultNeedsActive: 'Only an active account that is not already the default can be made the default.',
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

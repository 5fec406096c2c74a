/**
 * Plans (and the same plans as committees): schemas shared by the admin forms and the server routes, with
 * the specification's messages (admin document §5) and RULES §4 and §10, and the shapes the server answers them with.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { amountField } from './amount-field.ts';
import { multiplyAmount } from './money.ts';
import { firstValue, pagination } from './paging.ts';

export const PACKAGE_TYPES = ['economy', 'premium', 'luxury'] as const;
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
  created: 'Committee plan created successfully',
  updated: 'Committee plan updated successfully',
  activated: 'Plan activated successfully',
  deactivated: 'Plan deactivated successfully',
  deleted: 'Committee plan deleted successfully',
  committeeCreated: 'Committee created successfully',
  committeeJoined: 'Successfully joined the committee',
  committeeLeft: 'Successfully left the committee',
  committeeStatusUpdated: 'Committee status updated successfully',
} as const;

/**
 * GET /api/committees/{id}: the committee and its groups with their member counts, and for an
 * administrator every member with their group number, which the specification's winner screens read
 * (admin document §3 "Committee"). `include=groups` narrows an administrator's answer to the groups
 * (what the product's own winner screens show); `include=members` asks for the members explicitly, and
 * is refused to a member (other members' names and emails are not theirs to read).
 */
export const COMMITTEE_INCLUDES = ['members', 'groups'] as const;
export const committeeDetailsQuery = z.object({
  include: firstValue(z.enum(COMMITTEE_INCLUDES, { error: 'include can only be members or groups.' }).optional()),
});

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

/** A plan (admin document §3 "Committee plan"), with its creator and, over its groups, their count and members. */
export const plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  packageType: z.string(),
  monthlyAmount: z.number(),
  totalAmount: z.number(),
  duration: z.number(),
  maxMembers: z.number(),
  benefits: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  creator: z.object({ name: z.string() }).nullable(),
  groupCount: z.number(),
  currentMembers: z.number(),
}).meta({ id: 'Plan' });

/** GET /api/committee-plans: one page of plans; admins may ask for inactive ones too. */
export const planListAnswer = z.object({ success: z.literal(true), data: z.object({ plans: z.array(plan), pagination }) });

/** GET /api/committee-plans/{id}, and the admin's create, update, activate and deactivate (with their message). */
export const planAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string().optional(), plan, data: z.object({ plan }) });

/** A plan under its other name (RULES §1): ACTIVE while open to requests, INACTIVE while paused. */
export const committee = plan
  .pick({ id: true, name: true, description: true, packageType: true, monthlyAmount: true, totalAmount: true, duration: true, maxMembers: true, currentMembers: true, groupCount: true })
  .extend({ status: z.enum(['ACTIVE', 'INACTIVE']) });

/** A member of a committee, with their group and number in it. */
export const committeeMember = z.object({
  id: z.string(),
  userId: z.string(),
  groupId: z.string(),
  groupNumber: z.string(),
  memberNumber: z.number(),
  status: z.string(),
  joinedAt: z.string(),
  user: z.object({ name: z.string(), email: z.string().optional() }),
});

/** A group of a committee and how many members it has. */
export const committeeGroup = z.object({ id: z.string(), groupNumber: z.string(), memberCount: z.number(), maxMembers: z.number(), isActive: z.boolean() });

/** A committee with its groups (GET /api/committees/{id}). */
export const committeeDetails = committee.extend({
  /** An administrator's answer unless include=groups narrows it; never a member's. */
  members: z.array(committeeMember).optional(),
  groups: z.array(committeeGroup),
});

/** A committee the caller is a member of, with their group, number and standing in it. */
export const myCommittee = committee.extend({ groupId: z.string(), groupNumber: z.string(), memberNumber: z.number(), memberStatus: z.string() });

// The committees and a committee are sent once, under data, where the admin document reads them
// ("data.committees"; by id "data.committee"): a large plan's groups made the answer twice as long.

/** GET /api/committees */
export const committeeListAnswer = z.object({ success: z.literal(true), data: z.object({ committees: z.array(committee) }) });

/** GET /api/committees/user */
export const myCommitteesAnswer = z.object({ success: z.literal(true), data: z.object({ committees: z.array(myCommittee) }) });

/** GET /api/committees/{id} */
export const committeeDetailsAnswer = z.object({ success: z.literal(true), data: z.object({ committee: committeeDetails }) });

/** POST /api/committees and PUT /api/committees/{id}/status: the committee now. */
export const committeeAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), committee, data: z.object({ committee }) });

/** POST /api/committees/{id}/join: the plan request opened for the first month. */
export const joinCommitteeAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ paymentId: z.string(), status: z.string() }) });

/*
 * The answers of the group routes (admin document §7 "Groups"), all for administrators.
 */

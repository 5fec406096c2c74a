/**
 * Groups under a plan and membership in them: schemas shared by the admin forms and the server routes,
 * with the specification's messages (admin document §5) and RULES §4, and the shapes the server answers them with.
 */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { countAndAmount, instalmentFigures, instalmentState } from './figures.ts';
import { pagination } from './paging.ts';

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
  created: 'Group created successfully',
  updated: 'Group updated successfully',
  deleted: 'Group deleted successfully',
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
  /** Why the group is deactivated (or changed): kept in its audit row. Optional here; the web's deactivate dialog asks for it. */
  reason: z.string({ error: 'reason must be text.' }).trim().max(500, 'The reason can be at most 500 characters.').optional(),
});
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;

/*
 * The answers of the plan and committee routes (member document §7 "Committees and plans"; admin
 * document §7). Times are ISO 8601 strings; amounts are rupees.
 */

/** A group with its plan and its instalment counts in the words of RULES §6a. */
export const group = z.object({
  id: z.string(),
  planId: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), monthlyAmount: z.number(), totalAmount: z.number(), duration: z.number() }),
  groupNumber: z.string(),
  groupName: z.string(),
  maxMembers: z.number(),
  currentMembers: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /**
   * Instalment counts in the words of RULES §6a: pending is under review or owed (never a future month),
   * this month's remaining is this month's pending.
   */
  summary: z.object({ totalPending: z.number(), totalPaid: z.number(), thisMonthPaid: z.number(), thisMonthRemaining: z.number() }),
});

/** One instalment of a group, month by month and by member, with its state today (RULES §6a). */
export const groupPayment = z.object({
  id: z.string(),
  user: z.object({ name: z.string() }),
  month: z.number(),
  year: z.number(),
  paymentMethod: z.string(),
  amount: z.number(),
  status: z.string(),
  state: instalmentState,
  paymentDate: z.string().nullable(),
});

/** A member of a group, with their number in it. */
export const groupMember = z.object({
  id: z.string(),
  userId: z.string(),
  memberNumber: z.number(),
  /** ACTIVE, or DROPPED once removed from the group or moved out of it (server/corrections). */
  status: z.string(),
  joinedAt: z.string(),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** When and why a DROPPED member left, and the group they moved to, if they moved. */
  leftAt: z.string().nullable().optional(),
  leftReason: z.string().nullable().optional(),
  movedToGroupNumber: z.string().nullable().optional(),
});

/**
 * A group's statistics (RULES §6a): total = paid + pending; pending = under review + owed; overdue = owed
 * after the grace day; totalRevenue = collected; expectedRevenue = money due so far; collectionRate =
 * paid ÷ due so far, in whole percent. `figures` has them all.
 */
export const groupStats = z.object({
  totalPayments: z.number(),
  paidPayments: z.number(),
  pendingPayments: z.number(),
  overduePayments: z.number(),
  totalRevenue: z.number(),
  expectedRevenue: z.number(),
  collectionRate: z.number(),
  currentMonth: z.object({ paid: z.number(), pending: z.number(), overdue: z.number() }),
  figures: instalmentFigures,
});

/** How many of a group's instalments a page holds (the web's details dialog asks for the first page, then the next ones). */
export const GROUP_PAYMENTS_PAGE = 50;

/** A group with its members, its instalments and its statistics. */
export const groupDetails = group.extend({
  members: z.array(groupMember),
  /**
   * Every instalment of the group (up to 5,000) unless page or limit was asked for, then that page;
   * GET /api/admin/groups/{id}/payments gives the others.
   */
  payments: z.array(groupPayment),
  paymentsPagination: pagination,
  stats: groupStats,
});

/** GET /api/admin/groups/all: groups (admin document), with the page under data; one copy of the list. */
export const groupListAnswer = z.object({ success: z.literal(true), groups: z.array(group), data: z.object({ pagination }) });
/**
 * A group of a plan as the approval chooses among them: with what a member approved into it now would
 * owe at once (RULES §6a), the months since its start that are already due, and their sum.
 */
export const planGroup = group.extend({ owedOnJoining: countAndAmount });

/** GET /api/admin/groups/plan/{id}: data.groups (admin document), with the page; one copy of the list. */
export const planGroupListAnswer = z.object({ success: z.literal(true), data: z.object({ groups: z.array(planGroup), pagination }) });

/** POST /api/admin/groups/create and PUT /api/admin/groups/{id}: the group now. */
export const groupAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string().optional(), group, data: z.object({ group }) });

/** GET /api/admin/groups/{id}/details */
export const groupDetailsAnswer = z.object({ success: z.literal(true), group: groupDetails });

/** GET /api/admin/groups/{id}/payments: a page of the group's instalments. */
export const groupPaymentsAnswer = z.object({ success: z.literal(true), data: z.object({ payments: z.array(groupPayment), pagination }) });

export const membershipMessages = {
  groupRequired: 'Please select a group for this member.',
  groupNumberRequired: 'Group number is required',
  groupNotInPlan: 'This group does not belong to the plan.',
  alreadyMember: 'This member is already in this group.',
  groupInactive: 'This group is not active.',
} as const;

/** The monthly draw (admin document §2 Winner Management, §5; RULES §9), with the spec's messages. */
import { z } from 'zod';
import { answerCode } from './answers.ts';
import { pagination } from './paging.ts';
import { caseInsensitiveEnum } from './plans.ts';

export const WINNER_STATUSES = ['SELECTED', 'PAID', 'CANCELLED'] as const;
export const WINNER_PAYMENT_TYPES = ['CASH', 'UMRAH'] as const;

/** Winners per page of GET /api/winners when no limit is asked for, and the page the admin screen asks for. */
export const WINNER_PAGE_SIZE = 20;

export const winnerMessages = {
  autoDisabled: 'Auto selection is disabled. Manual selection required.',
  selected: (groupNumber: string) => `Winner selected successfully for Group ${groupNumber}`,
  groupNotFound: 'Group not found.',
  notInCycle: "This month is not part of the group's cycle.",
  yearRange: 'Year must be between 2020 and 2030.',
  monthTaken: 'A winner has already been selected for this group and month.',
  notEligible: 'This member is not eligible: only active members of the group who have not won yet can be selected.',
  notFound: 'Winner not found.',
  alreadyCancelled: 'This winner selection is already cancelled.',
  paidNeedsNote: 'A paid winner can be cancelled only with a note explaining why.',
  cancelled: 'Winner selection cancelled',
  statusUpdated: 'Winner status updated successfully',
  transitionRefused: 'This change of status is not allowed.',
  drawCommitted: (groupNumber: string) => `The draw for Group ${groupNumber} is committed: its eligible members are frozen and its commitment published.`,
  drawn: (groupNumber: string) => `Winner drawn for Group ${groupNumber}`,
  noCommitment: 'No draw is committed for this group and month: commit one first.',
  noneEligible: 'No member of this group is eligible for this month.',
  awaitingDraw: (count: number) => `${count} groups are waiting for this month's winner.`,
  commitmentOpen: 'A draw of this group is committed and not yet drawn: nothing that changes who may win can be done until it is drawn, or voided with a reason.',
  drawTooEarly: (at: string) => `This draw can be made from ${at}: until then members can see its commitment.`,
  voided: (groupNumber: string) => `The draw for Group ${groupNumber} is void: its seed is revealed, and the members are told why.`,
  pickIneligible: 'The member the draw picked is no longer eligible, so the draw is recorded as void, with its seed revealed, and the members are told. Commit a new draw.',
  voidReasonRequired: 'Please give the reason for voiding the draw (at least 5 characters).',
  linkPublished: 'The draw record is published at this link.',
  linkRevoked: 'The link no longer opens the draw record.',
  linkNotFound: 'This link does not open a draw record: it was never published or has been revoked.',
} as const;

const year = z.coerce.number({ error: winnerMessages.yearRange }).int(winnerMessages.yearRange).min(2020, winnerMessages.yearRange).max(2030, winnerMessages.yearRange);
const month = z.coerce.number({ error: 'Month must be between 1 and 12.' }).int().min(1, 'Month must be between 1 and 12.').max(12, 'Month must be between 1 and 12.');

export const selectWinnerBody = z.object({
  committeeId: z.string({ error: 'Committee is required' }).min(1, 'Committee is required').max(100),
  groupNumber: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'Group is required' }).trim().min(1, 'Group is required').max(20)),
  month,
  year,
  paymentType: caseInsensitiveEnum(WINNER_PAYMENT_TYPES).default('UMRAH'),
  userId: z.string({ error: 'Member is required' }).min(1, 'Member is required').max(100),
  /** Why the admin chose this member by hand: shown in the group's draw record. */
  reason: z.string().trim().max(500).optional(),
});

/** POST /api/winners/draws/{committeeId}/{groupNumber}/commit: freezes the month's eligible members. */
export const drawCommitBody = z.object({ month, year });
/** POST /api/winners/draws/{committeeId}/{groupNumber}/draw: draws by the committed seed and reveals it. */
export const drawBody = z.object({ month, year, paymentType: caseInsensitiveEnum(WINNER_PAYMENT_TYPES).default('UMRAH') });
export const drawParams = z.object({ committeeId: z.string().max(100), groupNumber: z.string().trim().min(1).max(20) });
/** POST /api/winners/draws/{committeeId}/{groupNumber}/void: voids a committed draw, its seed revealed, with the reason members read. */
export const drawVoidBody = z.object({
  month,
  year,
  reason: z.string({ error: winnerMessages.voidReasonRequired }).trim().min(5, winnerMessages.voidReasonRequired).max(500),
});
/** A draw record link's token (32 random bytes in base64url); any other text opens nothing (404). */
export const drawRecordToken = z.object({ token: z.string().max(100) });

export const eligibleQuery = z.object({ month: month.optional(), year: year.optional() });

export const winnerStatusBody = z.object({
  status: caseInsensitiveEnum(WINNER_STATUSES),
  notes: z.string().trim().max(1000).optional(),
});

/*
 * The answers of the winner routes (admin document §7 Winner Management). Times are ISO 8601 strings;
 * amounts are rupees.
 */

/**
 * A winner (admin document §3 "Winner"): the member (userId, also as winnerId) with their name and email,
 * the committee (plan) and group, the month drawn, the amount and how it is paid, and when it was
 * selected, paid or cancelled.
 */
export const winner = z.object({
  id: z.string(),
  userId: z.string(),
  winnerId: z.string(),
  winner: z.object({ name: z.string(), email: z.string() }),
  committeeId: z.string(),
  committee: z.object({ id: z.string(), name: z.string() }),
  groupId: z.string(),
  groupNumber: z.string(),
  month: z.number(),
  year: z.number(),
  amount: z.number(),
  paymentType: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  selectedAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
}).meta({ id: 'Winner' });

/** POST /api/winners/select-specific (201), PUT /api/winners/{id}/status, DELETE /api/winners/{id}: the winner now. */
export const winnerAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), winner, data: z.object({ winner }) });

/** GET /api/winners: one page of winners, newest period first. */
export const winnerListAnswer = z.object({
  success: z.literal(true),
  data: z.object({ winners: z.array(winner), pagination }),
});

/** Totals, monthly rows and rows by committee, of the winners the filters match. */
export const winnerStatistics = z.object({
  total: z.object({ winners: z.number(), paid: z.number(), pending: z.number(), cancelled: z.number(), totalAmount: z.number() }),
  monthly: z.array(z.object({ month: z.number(), year: z.number(), winnerCount: z.number(), totalAmount: z.number() })),
  byCommittee: z.array(z.object({ committeeId: z.string(), committeeName: z.string(), winnerCount: z.number(), totalAmount: z.number() })),
});

/** GET /api/winners/statistics */
export const winnerStatisticsAnswer = z.object({ success: z.literal(true), statistics: winnerStatistics, data: z.object({ statistics: winnerStatistics }) });

/**
 * A group's member who may still win (admin document §3 "Eligible member"; RULES §9), with whether they
 * owe today (hasOwed, overdue included) and have an instalment owed after the grace day (hasOverdue),
 * so that the admin can see it (RULES §6a).
 */
export const eligibleMember = z.object({
  userId: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  memberNumber: z.number(),
  position: z.number(),
  hasOverdue: z.boolean(),
  hasOwed: z.boolean(),
});

/** The group whose eligible members are listed. */
export const drawGroup = z.object({ id: z.string(), groupNumber: z.string(), committeeId: z.string(), committeeName: z.string(), startDate: z.string(), endDate: z.string() });

/** GET /api/winners/eligible-members/{committeeId}/{groupNumber} */
export const eligibleMembersAnswer = z.object({
  success: z.literal(true),
  eligibleMembers: z.array(eligibleMember),
  group: drawGroup,
  data: z.object({ eligibleMembers: z.array(eligibleMember) }),
});

/** The groups still without a winner for a month (Asia/Karachi), with how many members may win in each. */
export const groupsAwaitingDraw = z.object({
  month: z.number(),
  year: z.number(),
  groups: z.array(z.object({ committeeId: z.string(), committeeName: z.string(), groupId: z.string(), groupNumber: z.string(), eligibleCount: z.number() })),
});

/** POST /api/winners/trigger-monthly-selection: it selects nobody, only lists the groups waiting. */
export const groupsAwaitingDrawAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: groupsAwaitingDraw });

/**
 * A group's draw record (docs/draws.md), append-only: for each month every draw and every manual choice,
 * in the order they happened. To a member, other members are a first name and an initial.
 */
export const drawEntrant = z.object({ userId: z.string(), name: z.string(), position: z.number().int() });
export const drawWinner = z.object({ name: z.string(), isYou: z.boolean(), status: z.string(), cancelReason: z.string().nullable() });
/** Why a draw is void: replaced by a new commitment (before commitments bound), voided by the administrator with a reason, or its pick no longer eligible when drawn. */
export const DRAW_VOID_CAUSES = ['REPLACED', 'ADMIN', 'INELIGIBLE'] as const;
/** The version of the rule (contract/draw-rule.ts) a draw was made by: docs/draws.md says what each means. */
export const DRAW_RULE_VERSION = 1;
export const drawRecordEntry = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('DRAW'),
    id: z.string(),
    /** COMMITTED: the list is frozen and the commitment published; DRAWN: the seed is revealed and a winner drawn; VOID: ended without a winner (voidCause says why), its seed revealed too. */
    status: z.enum(['COMMITTED', 'DRAWN', 'VOID']),
    committedAt: z.string(),
    /** From when the draw may be made: members are told of the commitment and have until then to see it. */
    drawableAt: z.string(),
    commitment: z.string(),
    /** The rule's version (docs/draws.md). */
    ruleVersion: z.literal(DRAW_RULE_VERSION),
    /** The frozen eligible members, in the rule's order (their ids sorted): the ids are what the rule hashes. */
    eligible: z.array(drawEntrant),
    seed: z.string().nullable(),
    /** The exact text whose SHA-256 picks the winner, once the seed is revealed. */
    drawInput: z.string().nullable(),
    drawnAt: z.string().nullable(),
    /** Who drew: a role, never a name. */
    drawnBy: z.literal('ADMIN'),
    pickedIndex: z.number().int().nullable(),
    winner: drawWinner.nullable(),
    voidCause: z.enum(DRAW_VOID_CAUSES).nullable(),
    /** The administrator's reason for a void, as they wrote it. */
    voidReason: z.string().nullable(),
    voidedAt: z.string().nullable(),
  }),
  z.object({
    method: z.literal('MANUAL'),
    id: z.string(),
    selectedAt: z.string(),
    selectedBy: z.literal('ADMIN'),
    reason: z.string().nullable(),
    winner: drawWinner,
  }),
]);
export type DrawRecordEntry = z.infer<typeof drawRecordEntry>;

export const drawRecord = z.object({
  group: z.object({ id: z.string(), groupNumber: z.string(), planName: z.string(), startDate: z.string() }),
  months: z.array(z.object({ month: z.number().int(), year: z.number().int(), entries: z.array(drawRecordEntry) })),
});
export type DrawRecord = z.infer<typeof drawRecord>;

/** GET /api/committee-plans/user/groups/{groupId}/draws and GET /api/admin/groups/{id}/draws. */
export const drawRecordAnswer = z.object({ success: z.literal(true), data: drawRecord });
/** POST …/commit (201): the draw as the record shows it. */
export const drawCommitAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ draw: drawRecordEntry }) });
/** POST …/void: the draw, void, with its seed revealed. */
export const drawVoidAnswer = drawCommitAnswer;
/** A group's published draw record link (admin), or none. */
export const drawRecordLink = z.object({ token: z.string(), url: z.string(), createdAt: z.string() });
/** GET, POST (201) and DELETE /api/admin/groups/{id}/draw-record-link. */
export const drawRecordLinkAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string().optional(), data: z.object({ link: drawRecordLink.nullable() }) });
/** POST …/draw (201): the winner, and the draw with its seed revealed. */
export const drawAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), winner, data: z.object({ winner, draw: drawRecordEntry }) });

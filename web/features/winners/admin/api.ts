/**
 * The calls of Winner Management (admin document §7 "Committees", "Winners list", "Eligible
 * members", "Select specific winner", "Winner status", "Winner cancel", "Winner statistics"), with
 * the shapes the server answers (contract/winners.ts; the committees' in contract/plans.ts).
 */
import type { z } from 'zod';
import { committeeDetailsAnswer, committeeListAnswer, type committee, type committeeDetails, type committeeGroup } from '../../../../contract/plans.ts';
import {
  WINNER_PAGE_SIZE,
  drawAnswer,
  drawCommitAnswer,
  drawRecordAnswer,
  drawRecordLinkAnswer,
  drawVoidAnswer,
  eligibleMembersAnswer,
  winnerAnswer,
  winnerListAnswer,
  winnerStatisticsAnswer,
  type drawBody,
  type drawCommitBody,
  type drawRecord,
  type drawRecordEntry,
  type drawRecordLink,
  type drawVoidBody,
  type eligibleMember,
  type selectWinnerBody,
  type WINNER_PAYMENT_TYPES,
  type WINNER_STATUSES,
  type winner,
  type winnerStatistics,
} from '../../../../contract/winners.ts';
import { api, readAnswer, type QueryParams } from '../../../lib/api-client.ts';

export type WinnerStatus = (typeof WINNER_STATUSES)[number];
export type WinnerPaymentType = (typeof WINNER_PAYMENT_TYPES)[number];

/** What the winner screens read of a committee (a plan under its other name, RULES §1). */
type CommitteeFields = 'id' | 'name' | 'currentMembers' | 'maxMembers' | 'monthlyAmount' | 'status' | 'groupCount';

/** A committee as the winner screens list it. */
export type Committee = Pick<z.output<typeof committee>, CommitteeFields>;

export type CommitteeGroup = z.output<typeof committeeGroup>;

/** A committee with its groups and their member counts (its members are not asked for). */
export type CommitteeDetails = Pick<z.output<typeof committeeDetails>, CommitteeFields | 'groups'>;

/**
 * A group's member who may still win (admin document §3 "Eligible member"; RULES §9), with whether they
 * have an overdue instalment (owed after the grace day) and whether they owe today (overdue included),
 * shown so that the admin can see it (RULES §6a, §9).
 */
export type EligibleMember = z.output<typeof eligibleMember>;

/** A winner (admin document §3 "Winner"). */
export type Winner = z.output<typeof winner>;

export type WinnerStatistics = z.output<typeof winnerStatistics>;

/** The Winner Management filters, kept by the page while the admin moves between tabs. */
export interface WinnerFilters {
  committeeId: string;
  /** 1–12, or 0 for every month. */
  month: number;
  /** 0 for every year. */
  year: number;
  /** '' for every status. */
  status: '' | WinnerStatus;
}

export const defaultWinnerFilters: WinnerFilters = { committeeId: '', month: 0, year: 0, status: '' };

/** One page of the winners list as the server is asked for it: the filters, the search text and the page. */
export interface WinnerQuery extends WinnerFilters {
  /** Winner or committee name, matched by the server; '' for all. */
  search: string;
  /** From 1. */
  page: number;
}

/** One page of winners, newest period first. */
export type WinnerPage = z.output<typeof winnerListAnswer>['data'];

export interface StatisticsFilters {
  /** '' for all committees. */
  committeeId: string;
  year: number;
}

/** What POST /winners/select-specific is sent: every field, the payment type chosen. */
export type SelectWinnerInput = z.output<typeof selectWinnerBody>;

/** What POST …/commit is sent: the month to freeze the eligible members of. */
export type DrawCommitInput = z.output<typeof drawCommitBody>;
/** What POST …/draw is sent: the committed month and how the prize is paid. */
export type DrawInput = z.output<typeof drawBody>;

/** What POST …/void is sent: the committed month and the reason members read (5 to 500 characters). */
export type DrawVoidInput = z.output<typeof drawVoidBody>;

/** One entry of a group's draw record: a verifiable draw (DRAW) or a manual choice (MANUAL). */
export type DrawRecordEntry = z.output<typeof drawRecordEntry>;
export type DrawEntry = Extract<DrawRecordEntry, { method: 'DRAW' }>;
export type ManualEntry = Extract<DrawRecordEntry, { method: 'MANUAL' }>;
/** A group's draw record, month by month (docs/draws.md). */
export type DrawRecord = z.output<typeof drawRecord>;
/** Where a group's record is published (no sign-in needed to open it). */
export type DrawRecordLink = z.output<typeof drawRecordLink>;
export type DrawRecordLinkAnswer = z.output<typeof drawRecordLinkAnswer>;

/** Every query of this area starts with this key, so that one invalidation refreshes them all. */
export const winnerKeys = {
  all: ['admin-winners'] as const,
  committees: ['admin-winners', 'committees'] as const,
  committee: (id: string) => ['admin-winners', 'committee', id] as const,
  eligible: (committeeId: string, groupNumber: string, month: number, year: number) => ['admin-winners', 'eligible', committeeId, groupNumber, month, year] as const,
  list: (query: WinnerQuery) => ['admin-winners', 'list', query] as const,
  statistics: (filters: StatisticsFilters) => ['admin-winners', 'statistics', filters] as const,
  drawRecord: (groupId: string) => ['admin-winners', 'draw-record', groupId] as const,
  drawRecordLink: (groupId: string) => ['admin-winners', 'draw-record-link', groupId] as const,
};

const path = (value: string) => encodeURIComponent(value);

export async function fetchCommittees(signal?: AbortSignal): Promise<Committee[]> {
  return readAnswer(committeeListAnswer, await api.get('/committees', { status: 'ACTIVE', limit: 'all' }, { signal })).data.committees;
}

/**
 * The committee and its groups with their member counts. Its members are left out (include=groups): the
 * selection reads one group's eligible members when a group is chosen.
 */
export async function fetchCommittee(id: string, signal?: AbortSignal): Promise<CommitteeDetails> {
  return readAnswer(committeeDetailsAnswer, await api.get(`/committees/${path(id)}`, { include: 'groups' }, { signal })).data.committee;
}

export async function fetchEligibleMembers(committeeId: string, groupNumber: string, month: number, year: number, signal?: AbortSignal): Promise<EligibleMember[]> {
  const body = await api.get(`/winners/eligible-members/${path(committeeId)}/${path(groupNumber)}`, { month, year }, { signal });
  return readAnswer(eligibleMembersAnswer, body).data.eligibleMembers;
}

/** The list's filters and search as the server reads them; empty ones are left out. */
function winnerFilterParams(query: Omit<WinnerQuery, 'page'>): QueryParams {
  return {
    committeeId: query.committeeId || undefined,
    month: query.month || undefined,
    year: query.year || undefined,
    status: query.status || undefined,
    search: query.search.trim() || undefined,
  };
}

/** GET /api/admin/exports/winners.csv: every winner the list's filters and search match, saved as the server names it. */
export function exportWinners(query: Omit<WinnerQuery, 'page'>): Promise<string> {
  return api.download('/admin/exports/winners.csv', winnerFilterParams(query), { fallbackName: 'winners.csv' });
}

/** One page of winners, newest period first, with the list's total (never every winner at once). */
export async function fetchWinners(query: WinnerQuery, signal?: AbortSignal): Promise<WinnerPage> {
  const body = await api.get('/winners', { ...winnerFilterParams(query), page: query.page, limit: WINNER_PAGE_SIZE }, { signal });
  return readAnswer(winnerListAnswer, body).data;
}

export async function fetchStatistics(filters: StatisticsFilters, signal?: AbortSignal): Promise<WinnerStatistics> {
  const body = await api.get('/winners/statistics', { committeeId: filters.committeeId || undefined, year: filters.year || undefined }, { signal });
  return readAnswer(winnerStatisticsAnswer, body).data.statistics;
}

/** Never sent twice (no retries): a selection notifies the winner. */
export async function selectWinner(input: SelectWinnerInput) {
  return readAnswer(winnerAnswer, await api.post('/winners/select-specific', input, { retries: 0 }));
}

export async function updateWinnerStatus(id: string, status: WinnerStatus, notes?: string) {
  return readAnswer(winnerAnswer, await api.put(`/winners/${path(id)}/status`, { status, notes }, { retries: 0 }));
}

/** Cancels a selection; the record stays, CANCELLED (RULES §9). */
export async function cancelWinner(id: string) {
  return readAnswer(winnerAnswer, await api.delete(`/winners/${path(id)}`, { retries: 0 }));
}

const drawPath = (committeeId: string, groupNumber: string, step: 'commit' | 'draw' | 'void') => `/winners/draws/${path(committeeId)}/${path(groupNumber)}/${step}`;

/**
 * Freezes the month's eligible members, publishes the commitment (SHA-256 of the secret seed) and tells
 * every member; it can be drawn from the answer's `drawableAt`. 409 (winner.commitmentOpen) while another
 * draw of the group is committed. Never sent twice (no retries).
 */
export async function commitDraw(committeeId: string, groupNumber: string, input: DrawCommitInput) {
  return readAnswer(drawCommitAnswer, await api.post(drawPath(committeeId, groupNumber, 'commit'), input, { retries: 0 }));
}

/**
 * Draws the committed month's winner and reveals the seed. 409 winner.drawTooEarly before `drawableAt`;
 * 409 winner.pickIneligible when the member picked was no longer eligible (the draw is then recorded
 * void). Never sent twice: it notifies the winner.
 */
export async function drawCommitted(committeeId: string, groupNumber: string, input: DrawInput) {
  return readAnswer(drawAnswer, await api.post(drawPath(committeeId, groupNumber, 'draw'), input, { retries: 0 }));
}

/** Voids the month's committed draw with the reason members read: its seed is revealed, every member told. Never sent twice. */
export async function voidDraw(committeeId: string, groupNumber: string, input: DrawVoidInput) {
  return readAnswer(drawVoidAnswer, await api.post(drawPath(committeeId, groupNumber, 'void'), input, { retries: 0 }));
}

/** The group's draw record, with members' full names (the admin's view): the answer's data as it came. */
export async function fetchDrawRecord(groupId: string, signal?: AbortSignal): Promise<DrawRecord> {
  return readAnswer(drawRecordAnswer, await api.get(`/admin/groups/${path(groupId)}/draws`, undefined, { signal })).data;
}

const linkPath = (groupId: string) => `/admin/groups/${path(groupId)}/draw-record-link`;

/** The group's published record link, or null when it has none. */
export async function fetchDrawRecordLink(groupId: string, signal?: AbortSignal): Promise<DrawRecordLink | null> {
  return readAnswer(drawRecordLinkAnswer, await api.get(linkPath(groupId), undefined, { signal })).data.link;
}

/** Publishes the record at a new link; a link made before stops working. */
export async function publishDrawRecordLink(groupId: string) {
  return readAnswer(drawRecordLinkAnswer, await api.post(linkPath(groupId), undefined, { retries: 0 }));
}

/** Revokes the link: it opens nothing from now on (404 winner.linkNotFound when there was none). */
export async function revokeDrawRecordLink(groupId: string) {
  return readAnswer(drawRecordLinkAnswer, await api.delete(linkPath(groupId), { retries: 0 }));
}

/**
 * Test-only: the winner screens' answers as the server writes them, each checked against its contract
 * schema (answerAs), built from the fields a test cares about.
 */
import { committeeDetailsAnswer, committeeListAnswer } from '../../../../contract/plans.ts';
import {
  drawAnswer,
  drawCommitAnswer,
  drawRecordAnswer,
  drawRecordLinkAnswer,
  eligibleMembersAnswer,
  winnerAnswer,
  winnerListAnswer,
  winnerStatisticsAnswer,
} from '../../../../contract/winners.ts';
import type { Pagination } from '../../../../contract/pagination.ts';
import { answerAs, type StubAnswer } from '../../../test/api-stub.ts';
import type { Committee, CommitteeDetails, DrawEntry, DrawRecord, DrawRecordLink, EligibleMember, Winner, WinnerStatistics } from './api.ts';

/** The fields of a committee the winner screens do not read, filled as a plan of ten months would have them. */
const committeeRow = (committee: Committee) => ({ description: '', packageType: 'economy', totalAmount: committee.monthlyAmount * 10, duration: 10, ...committee });

export const committeesAnswer = (committees: Committee[]) => answerAs(committeeListAnswer, { success: true, data: { committees: committees.map(committeeRow) } });

export const committeeAnswer = (details: CommitteeDetails) => answerAs(committeeDetailsAnswer, { success: true, data: { committee: { ...committeeRow(details), groups: details.groups } } });

export function eligibleAnswer(committee: Committee, groupNumber: string, members: EligibleMember[]) {
  const group = { id: `g-${groupNumber}`, groupNumber, committeeId: committee.id, committeeName: committee.name, startDate: '2026-01-01', endDate: '2026-10-31' };
  return answerAs(eligibleMembersAnswer, { success: true, eligibleMembers: members, group, data: { eligibleMembers: members } });
}

export const winnerPageAnswer = (winners: Winner[], pagination: Pagination) => answerAs(winnerListAnswer, { success: true, data: { winners, pagination } });

export const statisticsAnswer = (statistics: WinnerStatistics) => answerAs(winnerStatisticsAnswer, { success: true, statistics, data: { statistics } });

export const drawRecordAnswerOf = (record: DrawRecord) => answerAs(drawRecordAnswer, { success: true, data: record });

/** A read of the link says nothing but its code, `ok`; a publish or revoke says what it did. */
export const linkAnswer = (link: DrawRecordLink | null, said: { code: string; message?: string } = { code: 'ok' }, status = 200): StubAnswer =>
  answerAs(drawRecordLinkAnswer, { success: true, ...said, data: { link } }, status);

/** A manual choice's answer (201), or a status change's or a cancel's (200). */
export const winnerAnswerOf = (winner: Winner, code: string, message: string, status = 201): StubAnswer =>
  answerAs(winnerAnswer, { success: true, code, message, winner, data: { winner } }, status);

/** A commitment's or a void's answer: the draw as the record shows it. */
export const drawCommitAnswerOf = (draw: DrawEntry, code: string, message: string, status = 201): StubAnswer =>
  answerAs(drawCommitAnswer, { success: true, code, message, data: { draw } }, status);

export const drawAnswerOf = (winner: Winner, draw: DrawEntry, message: string): StubAnswer =>
  answerAs(drawAnswer, { success: true, code: 'winner.drawn', message, winner, data: { winner, draw } }, 201);

/**
 * The member's read of a group's draw record (GET /committee-plans/user/groups/{groupId}/draws): for each
 * month every verifiable draw and every manual choice, as the contract has them (contract/winners.ts).
 * Other members are named short ('Ayesha K.'); `winner.isYou` marks the reader. The same record as a
 * published link opens it to anyone (GET /public/draw-records/{token}), every name short.
 */
import type { z } from 'zod';
import type { drawRecordAnswer } from '../../../../contract/winners.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

export type DrawRecord = z.output<typeof drawRecordAnswer>['data'];
export type DrawRecordMonth = DrawRecord['months'][number];
export type DrawRecordEntry = DrawRecordMonth['entries'][number];
/** A verifiable draw: committed, drawn, or replaced before drawing. */
export type DrawEntry = Extract<DrawRecordEntry, { method: 'DRAW' }>;
/** A winner the administrator chose by hand. */
export type ManualEntry = Extract<DrawRecordEntry, { method: 'MANUAL' }>;
export type DrawWinner = ManualEntry['winner'];

export const memberWinnerKeys = {
  drawRecord: (groupId: string) => ['member-winners', 'draw-record', groupId] as const,
  publicRecord: (token: string) => ['public-draw-record', token] as const,
};

/**
 * The record read through its contract schema, loaded when a record is first opened: the dashboard that
 * offers it keeps all of zod out of its first load (decision 041).
 */
async function readRecord(body: unknown): Promise<DrawRecord> {
  const { drawRecordAnswer: schema } = await import('../../../../contract/winners.ts');
  return readAnswer(schema, body).data;
}

/** 404 when the reader is not in the group. */
export async function fetchDrawRecord(groupId: string, signal?: AbortSignal): Promise<DrawRecord> {
  return readRecord(await api.get(`/committee-plans/user/groups/${encodeURIComponent(groupId)}/draws`, undefined, { signal }));
}

/** A record published at a link, read without signing in; 404 (winner.linkNotFound) when the link was never made or is revoked. */
export async function fetchPublicDrawRecord(token: string, signal?: AbortSignal): Promise<DrawRecord> {
  return readRecord(await api.get(`/public/draw-records/${encodeURIComponent(token)}`, undefined, { signal }));
}

/**
 * Which notifications also go to a member's phone or devices, and as which kind of message (decision 056):
 * every type the server writes (contract/notifications.ts) is decided here, and the database's
 * message_kind_of must agree. A new type fails the type-check here until someone decides its kind.
 */
import { describe, expect, it } from 'vitest';
import type { MessageKind } from './channel.ts';
import { NOTIFICATION_TYPES, type NotificationType } from '../../contract/notifications.ts';
import { openTestFile } from '../test/test-app.ts';

const { ctx } = await openTestFile();

/** Null: in the app (and by email where the notice has one) only. */
const carriedAs: Record<NotificationType, MessageKind | null> = {
  PAYMENT_REMINDER: 'reminder',
  INSTALMENT_OVERDUE: 'reminder',
  MONTHS_OWED_ON_JOINING: 'reminder',
  INSTALMENT_SUBMITTED: null,
  INSTALMENT_APPROVED: 'receipt',
  INSTALMENT_REJECTED: 'receipt',
  INSTALMENT_APPROVAL_UNDONE: 'receipt',
  INSTALMENT_RECEIPT_CORRECTED: 'receipt',
  PLAN_REQUEST_NEW: null,
  PLAN_REQUEST_APPROVED: null,
  PLAN_REQUEST_REJECTED: null,
  GROUP_JOINED: null,
  GROUP_MEMBER_REMOVED: null,
  GROUP_MEMBER_MOVED: null,
  WINNER_SELECTED: 'winner',
  DRAW_COMMITTED: 'draw',
  DRAW_VOID: 'draw',
  COMMISSION_PAID: null,
  RECOVERY_CODE_USED: 'security',
  CNIC_CLAIMED: null,
  CNIC_CLAIM_PENDING: null,
  CNIC_CLAIM_DISMISSED: null,
  CNIC_REMOVED: null,
};

describe('the kind of message each notification is', () => {
  it('is decided for every type the server writes, and the database agrees', async () => {
    expect(Object.keys(carriedAs).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    const { rows } = await ctx.db.query<{ type: string; kind: string | null }>('SELECT type, message_kind_of(type) AS kind FROM unnest($1::text[]) AS type', [[...NOTIFICATION_TYPES]]);
    expect(Object.fromEntries(rows.map((row) => [row.type, row.kind]))).toEqual(carriedAs);
  });

  it('is none for a type nobody decided', async () => {
    const { rows } = await ctx.db.query<{ kind: string | null }>("SELECT message_kind_of('SOMETHING_NEW') AS kind");
    expect(rows[0].kind).toBeNull();
  });
});

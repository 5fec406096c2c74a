import { describe, expect, it } from 'vitest';
import { dashboardLink, memberNotificationLink } from './notification-links.ts';

const note = (type: string, data: Record<string, string>) => ({ type, data });

describe('memberNotificationLink', () => {
  it('leads each notification to the part of the dashboard it is about, by the ids it carries', () => {
    expect(memberNotificationLink(note('WINNER_SELECTED', { winnerId: 'w1', groupId: 'g1' }))).toBe('/dashboard?tab=groups&group=g1');
    expect(memberNotificationLink(note('GROUP_JOINED', { groupId: 'g2' }))).toBe('/dashboard?tab=groups&group=g2');
    expect(memberNotificationLink(note('PLAN_REQUEST_APPROVED', { paymentId: 'p1', groupId: 'g3' }))).toBe('/dashboard?tab=groups&group=g3');
    expect(memberNotificationLink(note('PLAN_REQUEST_REJECTED', { paymentId: 'p2' }))).toBe('/dashboard?tab=plans');
    expect(memberNotificationLink(note('INSTALMENT_APPROVED', { paymentId: 'p3' }))).toBe('/dashboard?tab=payments');
    expect(memberNotificationLink(note('INSTALMENT_OVERDUE', { paymentId: 'p4' }))).toBe('/dashboard?tab=payments');
    expect(memberNotificationLink(note('MONTHS_OWED_ON_JOINING', { groupId: 'g9' }))).toBe('/dashboard?tab=payments');
    expect(memberNotificationLink(note('COMMISSION_PAID', { batchId: 'b1' }))).toBe('/dashboard?tab=referrals');
  });

  it('leads nowhere for news it knows no place for', () => {
    expect(memberNotificationLink(note('SOMETHING_NEW', {}))).toBeUndefined();
  });

  it('writes ids into the address safely', () => {
    expect(dashboardLink('groups', 'a&b=c')).toBe('/dashboard?tab=groups&group=a%26b%3Dc');
  });
});

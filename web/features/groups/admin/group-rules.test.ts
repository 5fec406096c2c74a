import { describe, expect, it } from 'vitest';
import { addMonthsToDate, groupDeleteCheck, groupEndDate, groupMaxMembersFromPlan, memberProgress, nextGroupNumber } from './group-rules.ts';

describe('groups', () => {
  it("ends a group the plan's duration in months after its start", () => {
    expect(groupEndDate('2026-01-15', 30)).toBe('2028-07-15');
    expect(groupEndDate('2026-03-01', 12)).toBe('2027-03-01');
    expect(groupEndDate('2026-11-10', 2)).toBe('2027-01-10');
  });

  it('keeps a month-end start within the shorter month, as the server does', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('has no end date until both start date and plan are known', () => {
    expect(groupEndDate('', 12)).toBe('');
    expect(groupEndDate('2026-01-01', undefined)).toBe('');
    expect(groupEndDate('not a date', 12)).toBe('');
  });

  it("takes max members from the plan, at most 500", () => {
    expect(groupMaxMembersFromPlan(200)).toBe(200);
    expect(groupMaxMembersFromPlan(1000)).toBe(500);
    expect(groupMaxMembersFromPlan(500)).toBe(500);
  });

  it('refuses to delete a group with members', () => {
    expect(groupDeleteCheck({ currentMembers: 3 })).toEqual({ allowed: false, members: 3 });
    expect(groupDeleteCheck({ currentMembers: 0 })).toEqual({ allowed: true });
  });

  it('numbers a new group after the highest numeric group number', () => {
    expect(nextGroupNumber([])).toBe(1);
    expect(nextGroupNumber([{ groupNumber: '1' }, { groupNumber: '5' }, { groupNumber: 'A1' }])).toBe(6);
    expect(nextGroupNumber([{ groupNumber: 'B2' }])).toBe(1);
  });

  it('measures membership as a share of the maximum', () => {
    expect(memberProgress(5, 20)).toBe(25);
    expect(memberProgress(20, 20)).toBe(100);
    expect(memberProgress(0, 0)).toBe(0);
  });
});

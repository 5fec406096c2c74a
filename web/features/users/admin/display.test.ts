import { describe, expect, it } from 'vitest';
import { displayStatus, formatCnic, formatDateTime, statusTone } from './display.ts';

describe('displayStatus (admin document §4)', () => {
  it('is Blocked whenever the user is blocked, whatever the activation', () => {
    expect(displayStatus({ isActive: true, isBlocked: true })).toBe('blocked');
    expect(displayStatus({ isActive: false, isBlocked: true })).toBe('blocked');
  });

  it('is Active or Inactive for a user who is not blocked', () => {
    expect(displayStatus({ isActive: true, isBlocked: false })).toBe('active');
    expect(displayStatus({ isActive: false, isBlocked: false })).toBe('inactive');
  });

  it('gives each status its own colour', () => {
    expect(new Set(Object.values(statusTone)).size).toBe(3);
  });
});

describe('formatting', () => {
  it('shows times in Pakistan, whatever the browser zone', () => {
    // 19:30 UTC is 00:30 the next day in Karachi (UTC+5).
    expect(formatDateTime('2026-03-11T19:30:00.000Z')).toMatch(/12 Mar 2026.*12:30/);
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('writes a stored CNIC with its dashes', () => {
    expect(formatCnic('3520212345671')).toBe('35202-1234567-1');
    expect(formatCnic(null)).toBe('');
  });
});

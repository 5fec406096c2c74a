import { describe, expect, it } from 'vitest';
import { canApprove, contactOf, formatCnic, planRequestStatus, receiptKind } from './display.ts';

describe('planRequestStatus (admin document §4 "Plan request display")', () => {
  it.each([
    ['PENDING', 'pending'],
    ['PAID', 'approved'],
    ['REJECTED', 'rejected'],
    ['OVERDUE', 'rejected'],
    ['pending', 'pending'],
    ['paid', 'approved'],
    ['CANCELLED', 'unknown'],
    ['', 'unknown'],
  ])('shows %s as %s', (status, shown) => {
    expect(planRequestStatus(status)).toBe(shown);
  });

  it('shows a missing status as unknown', () => {
    expect(planRequestStatus(null)).toBe('unknown');
    expect(planRequestStatus(undefined)).toBe('unknown');
  });
});

describe('contactOf', () => {
  it('shows the phone number when there is one', () => {
    expect(contactOf({ phone: '03001234567', email: 'a@example.com' })).toBe('03001234567');
  });

  it('falls back to the email address without a phone number', () => {
    expect(contactOf({ phone: null, email: 'a@example.com' })).toBe('a@example.com');
    expect(contactOf({ phone: '   ', email: 'a@example.com' })).toBe('a@example.com');
    expect(contactOf({ email: 'a@example.com' })).toBe('a@example.com');
  });
});

describe('canApprove', () => {
  const receipt = { hasReceipt: true, receiptImage: '/api/receipts/r/file?expires=1&signature=s' };
  it('needs a pending request with a receipt', () => {
    expect(canApprove({ status: 'PENDING', ...receipt })).toBe(true);
    expect(canApprove({ status: 'PENDING', hasReceipt: false, receiptImage: null })).toBe(false);
    expect(canApprove({ status: 'PAID', ...receipt })).toBe(false);
    expect(canApprove({ status: 'REJECTED', ...receipt })).toBe(false);
  });
});

describe('receiptKind', () => {
  it('tells a PDF from an image by the detected type, else by the name or link', () => {
    expect(receiptKind({ receiptType: 'application/pdf', receiptName: null, receiptImage: '/api/receipts/1/file' })).toBe('pdf');
    expect(receiptKind({ receiptType: 'image/jpeg', receiptName: 'scan.pdf', receiptImage: '/x' })).toBe('image');
    expect(receiptKind({ receiptType: null, receiptName: null, receiptImage: 'https://example.com/r.PDF?x=1' })).toBe('pdf');
    expect(receiptKind({ receiptType: null, receiptName: null, receiptImage: 'https://example.com/r.png' })).toBe('image');
  });
});

describe('formatCnic', () => {
  it('writes 13 digits with dashes and leaves anything else as stored', () => {
    expect(formatCnic('3520212345671')).toBe('35202-1234567-1');
    expect(formatCnic('12345')).toBe('12345');
  });
});

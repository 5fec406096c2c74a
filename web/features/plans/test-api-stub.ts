/**
 * Test-only: answers the read-only GET calls of the plan screens from fixed data, so component
 * tests need no server. Anything else (POST, PUT, DELETE, an unknown path) is refused and recorded,
 * so a test can assert that nothing was sent. Server behaviour is covered by the browser tests.
 */
import { vi } from 'vitest';
import type { BankAccount, Plan, PlanPaymentRequest } from './api.ts';

export type StubAnswer = { status: number; body: unknown };
export type StubRoutes = Record<string, StubAnswer | (() => StubAnswer)>;

export const ok = (body: unknown): StubAnswer => ({ status: 200, body: { success: true, ...(body as object) } });
export const fail = (status: number, message: string): StubAnswer => ({ status, body: { success: false, message } });

export function stubGetRequests(routes: StubRoutes) {
  const refused: { method: string; url: string }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname;
    const route = method === 'GET' ? routes[path] : undefined;
    if (!route) {
      refused.push({ method, url });
      return new Response(JSON.stringify({ success: false, message: 'Not stubbed in this test' }), { status: 418, headers: { 'Content-Type': 'application/json' } });
    }
    const answer = typeof route === 'function' ? route() : route;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return { spy, refused };
}

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan-gold',
    name: 'Gold Umrah Plan',
    description: 'Fourteen days in Makkah and Madinah.',
    packageType: 'premium',
    monthlyAmount: 25000,
    totalAmount: 300000,
    duration: 12,
    maxMembers: 12,
    benefits: ['Return air ticket', 'Visa processing'],
    isActive: true,
    ...overrides,
  };
}

export function makeBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: 'bank-meezan',
    accountName: 'Umrah Committee Trust',
    accountNumber: '0101-2233445566',
    bankName: 'Meezan Bank',
    accountType: 'Current',
    branchName: null,
    iban: null,
    isDefault: false,
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<PlanPaymentRequest> = {}): PlanPaymentRequest {
  return {
    id: 'request-1',
    planId: 'plan-gold',
    status: 'PENDING',
    amount: 25000,
    paymentMethod: 'BANK_TRANSFER',
    createdAt: '2026-03-05T10:00:00.000Z',
    rejectionReason: null,
    receiptImage: null,
    hasReceipt: false,
    plan: { id: 'plan-gold', name: 'Gold Umrah Plan', monthlyAmount: 25000 },
    committee: { name: 'Gold Umrah Plan' },
    ...overrides,
  };
}

/** A file of a given size without allocating it. */
export function fakeFile(name: string, type: string, size = 2048): File {
  const file = new File(['receipt'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

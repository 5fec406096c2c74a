/**
 * /api/bank-accounts (RULES §10, §11, §12; admin document "Bank Accounts" and §5): the members'
 * list, the admin's list, create, edit, toggle, default and delete, and their audit rows.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentAnswer } from '../../contract/instalments.ts';
import type { z } from 'zod';
import { activeBankAccountsAnswer, bankAccount, bankAccountAnswer, bankAccountListAnswer, bankAccountMessages } from '../../contract/bank-accounts.ts';
import { openTestFile, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signUpMember>>;

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  member = await signUpMember(ctx, { name: 'Paying Member' });
});

const uniqueTag = () => `tag${randomUUID().replace(/-/g, '').slice(0, 10)}`;

type AccountJson = z.output<typeof bankAccount>;

const accountBody = (overrides: Record<string, unknown> = {}) => ({
  accountName: `Umrah Committee ${uniqueTag()}`,
  accountNumber: `0${Math.floor(Math.random() * 1e12)}`,
  bankName: 'Habib Bank Limited',
  accountType: 'Current',
  branchCode: '0123',
  branchName: 'Gulberg, Lahore',
  iban: 'PK36HABB0000001123456702',
  swiftCode: 'HABBPKKA',
  ...overrides,
});

async function createAccount(overrides: Record<string, unknown> = {}): Promise<AccountJson> {
  const res = await api.post('/api/bank-accounts', accountBody(overrides), admin.token, { answer: bankAccountAnswer });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.bankAccount;
}

async function auditActions(entityId: string) {
  const { rows } = await ctx.db.query<{ action: string; actor_id: string; entity_type: string; before_data: unknown; after_data: unknown }>(
    'SELECT action, actor_id, entity_type, before_data, after_data FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
    [entityId],
  );
  return rows;
}

async function storedAccount(id: string) {
  const { rows } = await ctx.db.query<{ is_active: boolean; is_default: boolean; deleted_at: Date | null }>(
    'SELECT is_active, is_default, deleted_at FROM bank_accounts WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function defaultAccountIds(): Promise<string[]> {
  const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM bank_accounts WHERE is_default');
  return rows.map((r) => r.id);
}

/** A member's plan request paid into the account: a payment that refers to it, made through the product's route. */
async function paymentInto(accountId: string) {
  const plan = await api.post(
    '/api/committee-plans',
    { name: `Bank Plan ${uniqueTag()}`, monthlyAmount: 5000, duration: 10, totalAmount: 50000, maxMembers: 50 },
    admin.token,
  );
  expect(plan.status).toBe(201);
  const res = await api.post('/api/plan-payments', { planId: plan.body.data.plan.id, amount: 5000, bankAccountId: accountId }, member.token, { answer: paymentAnswer });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.payment.id;
}

const adminList = async (query: string) => {
  const res = await api.get(`/api/bank-accounts?${query}`, admin.token, { answer: bankAccountListAnswer });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.bankAccounts;
};

describe('POST /api/bank-accounts', () => {
  it('creates an active, non-default account with every field, and audits it', async () => {
    const body = accountBody({ accountType: 'Mobile Account', bankName: 'Easypaisa' });
    const res = await api.post('/api/bank-accounts', body, admin.token);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Bank account created successfully');
    expect(res.body.data.message).toBe('Bank account created successfully');
    const account = res.body.data.bankAccount;
    expect(res.body.bankAccount).toEqual(account);
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accountName: body.accountName,
      accountNumber: body.accountNumber,
      bankName: 'Easypaisa',
      accountType: 'Mobile Account',
      branchCode: '0123',
      branchName: 'Gulberg, Lahore',
      iban: 'PK36HABB0000001123456702',
      swiftCode: 'HABBPKKA',
      isActive: true,
      isDefault: false,
      createdAt: expect.any(String),
      _count: { payments: 0 },
    });

    const audit = await auditActions(account.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'BANK_ACCOUNT_CREATE', actor_id: admin.user.id, entity_type: 'bank_account' });
    expect(audit[0].after_data).toMatchObject({ id: account.id, accountName: body.accountName });
  });

  it('stores empty optional fields as absent and ignores unknown fields', async () => {
    const account = await createAccount({ branchCode: '', branchName: '  ', iban: undefined, swiftCode: '', _count: { payments: 9 }, deletedAt: '2020-01-01' });
    expect(account).toMatchObject({ branchCode: null, branchName: null, iban: null, swiftCode: null, _count: { payments: 0 } });
    expect((await storedAccount(account.id)).deleted_at).toBeNull();
  });

  it('creates an inactive account on request, and never as default when inactive', async () => {
    const account = await createAccount({ isActive: false, isDefault: true });
    expect(account).toMatchObject({ isActive: false, isDefault: false });
  });

  it('creates the new default account, and the old default loses the flag in the same change', async () => {
    const first = await createAccount({ isDefault: true });
    expect(first.isDefault).toBe(true);
    const second = await createAccount({ isDefault: true });
    expect(second.isDefault).toBe(true);
    expect(await defaultAccountIds()).toEqual([second.id]);
  });

  it.each([
    ['accountName', { accountName: undefined }, bankAccountMessages.accountNameRequired],
    ['accountName', { accountName: '   ' }, bankAccountMessages.accountNameRequired],
    ['accountNumber', { accountNumber: undefined }, bankAccountMessages.accountNumberRequired],
    ['accountNumber', { accountNumber: '' }, bankAccountMessages.accountNumberRequired],
    ['bankName', { bankName: undefined }, bankAccountMessages.bankNameRequired],
    ['bankName', { bankName: '' }, bankAccountMessages.bankNameRequired],
    ['accountType', { accountType: undefined }, bankAccountMessages.accountTypeRequired],
    ['accountType', { accountType: 'Checking' }, bankAccountMessages.accountTypeRequired],
    ['accountType', { accountType: '' }, bankAccountMessages.accountTypeRequired],
  ])('refuses a missing or bad %s (%j) with 400 and its message', async (field, overrides, message) => {
    const body = accountBody(overrides);
    const res = await api.post('/api/bank-accounts', body, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors[field]).toBe(message);
    expect(await adminList(`search=${encodeURIComponent(body.accountNumber || body.accountName)}`)).toEqual([]);
  });

  it('reports every missing field at once and never answers 500 for odd bodies', async () => {
    const res = await api.post('/api/bank-accounts', {}, admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      accountName: bankAccountMessages.accountNameRequired,
      accountNumber: bankAccountMessages.accountNumberRequired,
      bankName: bankAccountMessages.bankNameRequired,
      accountType: bankAccountMessages.accountTypeRequired,
    });
    for (const body of [undefined, [], accountBody({ isActive: 'yes', iban: 12, accountName: { x: 1 } })]) {
      const odd = await api.post('/api/bank-accounts', body, admin.token);
      expect(odd.status, JSON.stringify(body)).toBe(400);
      expect(odd.body.success).toBe(false);
    }
  });
});

describe('GET /api/bank-accounts/active (members)', () => {
  it('shows members active, non-deleted accounts only, without internal fields', async () => {
    const active = await createAccount();
    const inactive = await createAccount({ isActive: false });
    const deleted = await createAccount();
    expect((await api.delete(`/api/bank-accounts/${deleted.id}`, admin.token)).status).toBe(200);

    const res = await api.get('/api/bank-accounts/active', member.token, { answer: activeBankAccountsAnswer });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const accounts = res.body.data.bankAccounts;
    expect(res.body.bankAccounts).toEqual(accounts);
    const ids = accounts.map((a) => a.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(deleted.id);
    expect(accounts.every((a) => a.isActive)).toBe(true);
    for (const account of accounts) {
      expect(account).not.toHaveProperty('swiftCode');
      expect(account).not.toHaveProperty('branchCode');
      expect(account).not.toHaveProperty('_count');
    }
    expect(accounts.find((a) => a.id === active.id)).toMatchObject({
      accountName: active.accountName,
      accountNumber: active.accountNumber,
      bankName: 'Habib Bank Limited',
      iban: 'PK36HABB0000001123456702',
      branchName: 'Gulberg, Lahore',
    });
  });

  it('needs a session (401)', async () => {
    const res = await api.get('/api/bank-accounts/active');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('GET /api/bank-accounts (admin)', () => {
  it('searches by account name, account number and bank name, case-insensitively', async () => {
    const tag = uniqueTag();
    const byName = await createAccount({ accountName: `Committee ${tag}` });
    const byNumber = await createAccount({ accountNumber: `77${tag.slice(3)}` });
    const byBank = await createAccount({ bankName: `Meezan ${tag} Bank` });
    await createAccount();

    expect((await adminList(`search=${tag.toUpperCase()}`)).map((a) => a.id).sort()).toEqual([byName.id, byBank.id].sort());
    expect((await adminList(`search=77${tag.slice(3)}`)).map((a) => a.id)).toEqual([byNumber.id]);
    expect((await adminList(`search=${encodeURIComponent(`meezan ${tag}`)}`)).map((a) => a.id)).toEqual([byBank.id]);
  });

  it('filters by status all, active, inactive and default, in any case', async () => {
    const tag = uniqueTag();
    const active = await createAccount({ bankName: `Status ${tag}` });
    const inactive = await createAccount({ bankName: `Status ${tag}`, isActive: false });
    const byDefault = await createAccount({ bankName: `Status ${tag}`, isDefault: true });
    const ids = async (status: string) => (await adminList(`search=${tag}&status=${status}`)).map((a) => a.id).sort();

    expect(await ids('all')).toEqual([active.id, inactive.id, byDefault.id].sort());
    expect(await ids('ALL')).toEqual([active.id, inactive.id, byDefault.id].sort());
    expect(await ids('active')).toEqual([active.id, byDefault.id].sort());
    expect(await ids('Active')).toEqual([active.id, byDefault.id].sort());
    expect(await ids('inactive')).toEqual([inactive.id]);
    expect(await ids('INACTIVE')).toEqual([inactive.id]);
    expect(await ids('default')).toEqual([byDefault.id]);
    expect(await ids('Default')).toEqual([byDefault.id]);
    expect((await adminList(`search=${tag}`)).map((a) => a.id).sort()).toEqual([active.id, inactive.id, byDefault.id].sort());
  });

  it('counts the payments made into each account', async () => {
    const account = await createAccount();
    await paymentInto(account.id);
    const [listed] = await adminList(`search=${account.accountNumber}`);
    expect(listed).toMatchObject({ id: account.id, _count: { payments: 1 }, swiftCode: 'HABBPKKA', branchCode: '0123' });
    // Two more, and one moved to another account: each count as the payments table says.
    const other = await createAccount();
    await paymentInto(account.id);
    await paymentInto(account.id);
    await ctx.db.query('UPDATE payments SET bank_account_id = $2 WHERE id = (SELECT id FROM payments WHERE bank_account_id = $1 LIMIT 1)', [account.id, other.id]);
    for (const id of [account.id, other.id]) {
      const direct = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE bank_account_id = $1', [id]);
      const [shown] = (await adminList('status=all')).filter((a) => a.id === id);
      expect(shown._count.payments).toBe(direct.rows[0].n);
    }
    expect((await adminList('status=all')).find((a) => a.id === other.id)!._count.payments).toBe(1);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await api.get('/api/bank-accounts?status=closed', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toEqual(expect.any(String));
  });
});

describe('PUT /api/bank-accounts/:id', () => {
  it('edits an account and audits the change with before and after', async () => {
    const account = await createAccount();
    const body = accountBody({ accountName: `Renamed ${uniqueTag()}`, bankName: 'United Bank Limited', accountType: 'Savings', branchCode: '', swiftCode: 'UNILPKKA' });
    const res = await api.put(`/api/bank-accounts/${account.id}`, body, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Bank account updated successfully');
    expect(res.body.data.bankAccount).toMatchObject({
      id: account.id,
      accountName: body.accountName,
      accountNumber: body.accountNumber,
      bankName: 'United Bank Limited',
      accountType: 'Savings',
      branchCode: null,
      swiftCode: 'UNILPKKA',
      isActive: true,
      isDefault: false,
    });
    const [listed] = await adminList(`search=${encodeURIComponent(body.accountName)}`);
    expect(listed).toEqual(res.body.data.bankAccount);

    const audit = await auditActions(account.id);
    expect(audit.map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE', 'BANK_ACCOUNT_UPDATE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, before_data: { accountName: account.accountName }, after_data: { accountName: body.accountName } });
  });

  it('makes an account the default when asked, and deactivating the default clears its flag', async () => {
    const account = await createAccount();
    const madeDefault = await api.put(`/api/bank-accounts/${account.id}`, accountBody({ accountName: account.accountName, isDefault: true }), admin.token);
    expect(madeDefault.body.data.bankAccount.isDefault).toBe(true);
    expect(await defaultAccountIds()).toEqual([account.id]);

    const deactivated = await api.put(`/api/bank-accounts/${account.id}`, accountBody({ accountName: account.accountName, isActive: false, isDefault: true }), admin.token);
    expect(deactivated.body.data.bankAccount).toMatchObject({ isActive: false, isDefault: false });
    expect(await storedAccount(account.id)).toMatchObject({ is_active: false, is_default: false });
  });

  it('refuses a bad body with 400 and changes nothing', async () => {
    const account = await createAccount();
    const res = await api.put(`/api/bank-accounts/${account.id}`, accountBody({ accountName: '', accountType: 'Checking' }), admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ accountName: bankAccountMessages.accountNameRequired, accountType: bankAccountMessages.accountTypeRequired });
    expect((await adminList(`search=${encodeURIComponent(account.accountName)}`)).map((a) => a.id)).toEqual([account.id]);
    expect((await auditActions(account.id)).map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE']);
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.put(`/api/bank-accounts/${id}`, accountBody(), admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: bankAccountMessages.notFound });
    }
  });
});

describe('PUT /api/bank-accounts/:id/toggle-status', () => {
  it('deactivates and reactivates an account, auditing each change', async () => {
    const account = await createAccount();
    const off = await api.put(`/api/bank-accounts/${account.id}/toggle-status`, undefined, admin.token);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Bank account deactivated successfully');
    expect(off.body.data.message).toBe('Bank account deactivated successfully');
    expect(off.body.data.bankAccount).toMatchObject({ id: account.id, isActive: false });
    expect((await api.get('/api/bank-accounts/active', member.token)).body.data.bankAccounts.map((a) => a.id)).not.toContain(account.id);

    const on = await api.put(`/api/bank-accounts/${account.id}/toggle-status`, undefined, admin.token);
    expect(on.body.message).toBe('Bank account activated successfully');
    expect(on.body.data.bankAccount).toMatchObject({ isActive: true, isDefault: false });

    const audit = await auditActions(account.id);
    expect(audit.map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE', 'BANK_ACCOUNT_TOGGLE', 'BANK_ACCOUNT_TOGGLE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, before_data: { isActive: true }, after_data: { isActive: false } });
  });

  it('clears the default flag when the default account is deactivated', async () => {
    const account = await createAccount({ isDefault: true });
    const res = await api.put(`/api/bank-accounts/${account.id}/toggle-status`, undefined, admin.token);
    expect(res.body.data.bankAccount).toMatchObject({ isActive: false, isDefault: false });
    expect(await storedAccount(account.id)).toMatchObject({ is_active: false, is_default: false });
    expect(await defaultAccountIds()).not.toContain(account.id);
    // Active again, it is not silently the default again.
    const back = await api.put(`/api/bank-accounts/${account.id}/toggle-status`, undefined, admin.token);
    expect(back.body.data.bankAccount).toMatchObject({ isActive: true, isDefault: false });
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await api.put(`/api/bank-accounts/${id}/toggle-status`, undefined, admin.token)).status).toBe(404);
    }
  });
});

describe('PUT /api/bank-accounts/:id/set-default', () => {
  it('makes exactly one account the default, and audits the change', async () => {
    const first = await createAccount();
    const second = await createAccount();
    const res = await api.put(`/api/bank-accounts/${first.id}/set-default`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Default bank account updated successfully');
    expect(res.body.data.bankAccount).toMatchObject({ id: first.id, isDefault: true });
    expect(await defaultAccountIds()).toEqual([first.id]);

    expect((await api.put(`/api/bank-accounts/${second.id}/set-default`, undefined, admin.token)).status).toBe(200);
    expect(await defaultAccountIds()).toEqual([second.id]);
    expect((await adminList('status=default')).map((a) => a.id)).toEqual([second.id]);

    const audit = await auditActions(first.id);
    expect(audit.map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE', 'BANK_ACCOUNT_SET_DEFAULT']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, before_data: { isDefault: false }, after_data: { isDefault: true } });
  });

  it('refuses an inactive account and the account that already is the default (409)', async () => {
    const inactive = await createAccount({ isActive: false });
    const refused = await api.put(`/api/bank-accounts/${inactive.id}/set-default`, undefined, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, code: expect.any(String), message: bankAccountMessages.defaultNeedsActive });
    expect(await storedAccount(inactive.id)).toMatchObject({ is_default: false });

    const current = await createAccount({ isDefault: true });
    const again = await api.put(`/api/bank-accounts/${current.id}/set-default`, undefined, admin.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(bankAccountMessages.defaultNeedsActive);
    expect(await defaultAccountIds()).toEqual([current.id]);

    expect((await auditActions(inactive.id)).map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE']);
    expect((await auditActions(current.id)).map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE']);
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expect((await api.put(`/api/bank-accounts/${id}/set-default`, undefined, admin.token)).status).toBe(404);
    }
  });
});

describe('DELETE /api/bank-accounts/:id', () => {
  it('removes an account without payments for good, and audits it', async () => {
    const account = await createAccount();
    const res = await api.delete(`/api/bank-accounts/${account.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, code: 'bankAccount.deleted', message: 'Bank account deleted successfully', data: { message: 'Bank account deleted successfully', kept: false } });
    expect(await storedAccount(account.id)).toBeUndefined();
    expect((await api.delete(`/api/bank-accounts/${account.id}`, admin.token)).status).toBe(404);

    const audit = await auditActions(account.id);
    expect(audit.map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE', 'BANK_ACCOUNT_DELETE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, entity_type: 'bank_account', after_data: { kept: false } });
    expect(audit[1].before_data).toMatchObject({ id: account.id, accountName: account.accountName });
  });

  it('keeps an account that a payment refers to as a deleted record, hidden from both lists', async () => {
    const account = await createAccount({ isDefault: true });
    const paymentId = await paymentInto(account.id);

    const res = await api.delete(`/api/bank-accounts/${account.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: 'Bank account deleted successfully', kept: true });

    const stored = await storedAccount(account.id);
    expect(stored.deleted_at).not.toBeNull();
    expect(stored).toMatchObject({ is_active: false, is_default: false });
    expect((await adminList(`search=${account.accountNumber}`))).toEqual([]);
    expect((await adminList(`search=${account.accountNumber}&status=inactive`))).toEqual([]);
    expect((await api.get('/api/bank-accounts/active', member.token)).body.data.bankAccounts.map((a) => a.id)).not.toContain(account.id);

    const { rows } = await ctx.db.query<{ bank_account_id: string; bank_account_snapshot: unknown }>(
      'SELECT bank_account_id, bank_account_snapshot FROM payments WHERE id = $1',
      [paymentId],
    );
    expect(rows[0].bank_account_id).toBe(account.id);
    expect(rows[0].bank_account_snapshot).toMatchObject({ accountName: account.accountName, accountNumber: account.accountNumber, bankName: 'Habib Bank Limited' });

    // A deleted account is gone for every admin action.
    expect((await api.put(`/api/bank-accounts/${account.id}`, accountBody(), admin.token)).status).toBe(404);
    expect((await api.put(`/api/bank-accounts/${account.id}/toggle-status`, undefined, admin.token)).status).toBe(404);
    expect((await api.put(`/api/bank-accounts/${account.id}/set-default`, undefined, admin.token)).status).toBe(404);
    expect((await api.delete(`/api/bank-accounts/${account.id}`, admin.token)).status).toBe(404);

    const audit = await auditActions(account.id);
    expect(audit.map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE', 'BANK_ACCOUNT_DELETE']);
    expect(audit[1]).toMatchObject({ actor_id: admin.user.id, after_data: { kept: true } });
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await api.delete(`/api/bank-accounts/${id}`, admin.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: expect.any(String), message: bankAccountMessages.notFound });
    }
  });
});

describe('access', () => {
  const adminRoutes = (id: string) =>
    [
      ['GET', '/api/bank-accounts', undefined],
      ['POST', '/api/bank-accounts', accountBody()],
      ['PUT', `/api/bank-accounts/${id}`, accountBody({ accountName: 'Hijacked' })],
      ['PUT', `/api/bank-accounts/${id}/toggle-status`, undefined],
      ['PUT', `/api/bank-accounts/${id}/set-default`, undefined],
      ['DELETE', `/api/bank-accounts/${id}`, undefined],
    ] as const;

  async function call(method: string, url: string, body: unknown, token?: string) {
    if (method === 'GET') return api.get(url, token);
    if (method === 'POST') return api.post(url, body, token);
    if (method === 'PUT') return api.put(url, body, token);
    return api.delete(url, token);
  }

  it('refuses a member on every admin route (403) and changes nothing', async () => {
    const account = await createAccount();
    for (const [method, url, body] of adminRoutes(account.id)) {
      const res = await call(method, url, body, member.token);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect(await storedAccount(account.id)).toMatchObject({ is_active: true, is_default: false, deleted_at: null });
    expect((await adminList(`search=${account.accountNumber}`))[0].accountName).toBe(account.accountName);
    expect((await auditActions(account.id)).map((a) => a.action)).toEqual(['BANK_ACCOUNT_CREATE']);
  });

  it('refuses every route without a session (401)', async () => {
    const account = await createAccount();
    for (const [method, url, body] of [...adminRoutes(account.id), ['GET', '/api/bank-accounts/active', undefined] as const]) {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.success).toBe(false);
    }
    expect(await storedAccount(account.id)).toMatchObject({ is_active: true, deleted_at: null });
  });
});

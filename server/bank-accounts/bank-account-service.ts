/** The accounts members pay into (RULES §10): one default at most, history never lost on delete. */
import { bankAccountMessages, type BankAccountBody } from '../../contract/bank-accounts.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { noticeAdmins, securityChangeBy } from '../accounts/security-notices.ts';
import type { AdminSecurityChange } from '../accounts/security-notices.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { conflict, notFound } from '../http/errors.ts';

type BankAccountRow = {
  id: string;
  account_name: string;
  account_number: string;
  bank_name: string;
  account_type: string;
  branch_code: string | null;
  branch_name: string | null;
  iban: string | null;
  swift_code: string | null;
  is_active: boolean;
  is_default: boolean;
  created_at: Date;
  payment_count: number;
};

/** The accounts, with how many payments each has received (kept by migration 021; members are not shown it). */
const SELECT = 'SELECT b.* FROM bank_accounts b';

function toBankAccount(row: BankAccountRow) {
  return {
    id: row.id,
    accountName: row.account_name,
    accountNumber: row.account_number,
    bankName: row.bank_name,
    accountType: row.account_type,
    branchCode: row.branch_code,
    branchName: row.branch_name,
    iban: row.iban,
    swiftCode: row.swift_code,
    isActive: row.is_active,
    isDefault: row.is_default,
    createdAt: new Date(row.created_at).toISOString(),
    _count: { payments: row.payment_count },
  };
}
export type BankAccount = ReturnType<typeof toBankAccount>;

/** What a payment keeps of the account it was paid into, as it was then. */
export function bankAccountSnapshot(account: BankAccount) {
  const { accountName, accountNumber, bankName, accountType, iban, branchName } = account;
  return { accountName, accountNumber, bankName, accountType, iban, branchName };
}

export async function listBankAccounts(
  db: Queryable,
  filter: { activeOnly?: boolean; status?: 'ACTIVE' | 'INACTIVE' | 'DEFAULT'; search?: string },
): Promise<BankAccount[]> {
  const where = ['b.deleted_at IS NULL'];
  const params: unknown[] = [];
  if (filter.activeOnly || filter.status === 'ACTIVE') where.push('b.is_active');
  if (filter.status === 'INACTIVE') where.push('NOT b.is_active');
  if (filter.status === 'DEFAULT') where.push('b.is_default');
  if (filter.search) {
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(b.account_name ILIKE $1 OR b.account_number ILIKE $1 OR b.bank_name ILIKE $1)`);
  }
  // There are a handful of accounts; the list is bounded all the same.
  const { rows } = await db.query<BankAccountRow>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY b.is_default DESC, b.created_at LIMIT 500`, params);
  return rows.map(toBankAccount);
}

export async function findBankAccount(q: Queryable, id: string, options: { forUpdate?: boolean } = {}): Promise<BankAccount | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<BankAccountRow>(`${SELECT} WHERE b.id = $1 AND b.deleted_at IS NULL ${options.forUpdate ? 'FOR UPDATE OF b' : ''}`, [id]);
  return rows[0] && toBankAccount(rows[0]);
}

async function getForUpdate(tx: Queryable, id: string): Promise<BankAccount> {
  const account = await findBankAccount(tx, id, { forUpdate: true });
  if (!account) throw notFound(bankAccountMessages.notFound);
  return account;
}

/** Makes one account the default: the old default loses it in the same transaction. */
async function makeDefault(tx: Queryable, id: string): Promise<void> {
  await tx.query('UPDATE bank_accounts SET is_default = false, updated_at = now() WHERE is_default AND id <> $1', [id]);
  await tx.query('UPDATE bank_accounts SET is_default = true, updated_at = now() WHERE id = $1', [id]);
}

/**
 * Where members' money goes: every change of it is a security change (decision 047), marked in the
 * audit trail and told to every administrator, in the change's own transaction.
 */
function bankAccountChange(action: Extract<AdminSecurityChange, { kind: 'bankAccount' }>['action'], account: BankAccount): AdminSecurityChange {
  return { kind: 'bankAccount', action, account: account.accountName, bank: account.bankName, number: account.accountNumber };
}

export async function createBankAccount(db: Database, actor: Actor, body: BankAccountBody): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    // Serialises default changes: two admins setting defaults at once cannot both win.
    await tx.query('LOCK TABLE bank_accounts IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO bank_accounts (account_name, account_number, bank_name, account_type, branch_code, branch_name, iban, swift_code, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [body.accountName, body.accountNumber, body.bankName, body.accountType, body.branchCode ?? null, body.branchName ?? null, body.iban ?? null, body.swiftCode ?? null, body.isActive],
    );
    if (body.isDefault && body.isActive) await makeDefault(tx, rows[0].id);
    const account = (await findBankAccount(tx, rows[0].id))!;
    await recordAudit(tx, { ...securityChangeBy(actor), action: 'BANK_ACCOUNT_CREATE', entityType: 'bank_account', entityId: account.id, after: account });
    await noticeAdmins(tx, bankAccountChange('created', account), actor);
    return account;
  });
}

export async function updateBankAccount(db: Database, actor: Actor, id: string, body: BankAccountBody): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE bank_accounts IN SHARE ROW EXCLUSIVE MODE');
    const before = await getForUpdate(tx, id);
    await tx.query(
      `UPDATE bank_accounts SET account_name = $2, account_number = $3, bank_name = $4, account_type = $5, branch_code = $6,
         branch_name = $7, iban = $8, swift_code = $9, is_active = $10, is_default = is_default AND $10, updated_at = now() WHERE id = $1`,
      [id, body.accountName, body.accountNumber, body.bankName, body.accountType, body.branchCode ?? null, body.branchName ?? null, body.iban ?? null, body.swiftCode ?? null, body.isActive],
    );
    if (body.isDefault && body.isActive) await makeDefault(tx, id);
    const after = (await findBankAccount(tx, id))!;
    await recordAudit(tx, { ...securityChangeBy(actor), action: 'BANK_ACCOUNT_UPDATE', entityType: 'bank_account', entityId: id, before, after });
    await noticeAdmins(tx, bankAccountChange('updated', after), actor);
    return after;
  });
}

export async function toggleBankAccount(db: Database, actor: Actor, id: string): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE bank_accounts IN SHARE ROW EXCLUSIVE MODE');
    const before = await getForUpdate(tx, id);
    // Deactivating the default account clears its default flag (RULES §10).
    await tx.query('UPDATE bank_accounts SET is_active = NOT is_active, is_default = is_default AND NOT is_active, updated_at = now() WHERE id = $1', [id]);
    const after = (await findBankAccount(tx, id))!;
    await recordAudit(tx, { ...securityChangeBy(actor), action: 'BANK_ACCOUNT_TOGGLE', entityType: 'bank_account', entityId: id, before: { isActive: before.isActive, isDefault: before.isDefault }, after: { isActive: after.isActive, isDefault: after.isDefault } });
    await noticeAdmins(tx, bankAccountChange(after.isActive ? 'activated' : 'deactivated', after), actor);
    return after;
  });
}

export async function setDefaultBankAccount(db: Database, actor: Actor, id: string): Promise<BankAccount> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE bank_accounts IN SHARE ROW EXCLUSIVE MODE');
    const before = await getForUpdate(tx, id);
    if (!before.isActive || before.isDefault) throw conflict(bankAccountMessages.defaultNeedsActive);
    await makeDefault(tx, id);
    const after = (await findBankAccount(tx, id))!;
    await recordAudit(tx, { ...securityChangeBy(actor), action: 'BANK_ACCOUNT_SET_DEFAULT', entityType: 'bank_account', entityId: id, before: { isDefault: false }, after: { isDefault: true } });
    await noticeAdmins(tx, bankAccountChange('madeDefault', after), actor);
    return after;
  });
}

/** An account that payments refer to is kept, hidden, so that no payment loses where it was paid. */
export async function deleteBankAccount(db: Database, actor: Actor, id: string): Promise<{ kept: boolean }> {
  return db.transaction(async (tx) => {
    const before = await getForUpdate(tx, id);
    const kept = before._count.payments > 0;
    if (kept) await tx.query('UPDATE bank_accounts SET deleted_at = now(), is_active = false, is_default = false, updated_at = now() WHERE id = $1', [id]);
    else await tx.query('DELETE FROM bank_accounts WHERE id = $1', [id]);
    await recordAudit(tx, { ...securityChangeBy(actor), action: 'BANK_ACCOUNT_DELETE', entityType: 'bank_account', entityId: id, before, after: { kept } });
    await noticeAdmins(tx, bankAccountChange('deleted', before), actor);
    return { kept };
  });
}

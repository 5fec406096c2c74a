/**
 * A bank statement imported into reconciliation and matched to the members' payments
 * (/admin/reconciliation), on a phone and on a desktop. Two members of a group each send a month's
 * receipt into a new bank account, transferred today. The bank's statement (a CSV of its own layout,
 * whose headings the columns cannot be guessed from) has a line with the first member's payment
 * reference, a line with the second member's name and amount, a credit from nobody known and a
 * withdrawal. The admin imports it through the page: maps the columns, sees the dates refused by the
 * wrong date format and read by the right one, imports it, sees each match and why, approves both
 * receipts, and finds the payments approved with their statement lines; the page loaded afresh still
 * shows the statement, the approvals and a tick.
 *
 * The members, their group and their receipts are made through the API; the admin's work through the pages.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { memberThroughApi, type SeededMember } from './support/accessibility-seed.ts';
import { Audit } from './support/axe-audit.ts';
import { karachiPeriod } from './support/instalments.ts';
import { DAY_MS, DURATION, MONTHLY, adminApi, approveIntoGroup, createGroup, createPlan, firstOf, isoDate, karachiToday, pkr, type AdminApi } from './support/owed.ts';
import { newBankAccount, newPlan, RECEIPT_PNG, escapeRegExp, signInAsAdmin, type BankAccountInput, type PlanInput } from './support/plans.ts';

const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** '5 Nov 2026', as the app writes a day in English (Pakistan's English shortens September to 'Sept'). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const dayText = (iso: string) => `${Number(iso.slice(8, 10))} ${SHORT_MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Setup {
  account: BankAccountInput;
  bankAccountId: string;
  planId: string;
  groupId: string;
}

async function planAccountAndGroup(admin: AdminApi, label: string): Promise<Setup> {
  const plan: PlanInput = { ...newPlan(label), maxMembers: 5, duration: DURATION, monthlyAmount: MONTHLY };
  const account = newBankAccount(label);
  const planId = await createPlan(admin, plan);
  const created = await admin.post<{ data: { bankAccount: { id: string } } }>('/api/bank-accounts', { ...account, isActive: true });
  // The group started two months ago: the plan request pays its first month, the receipt its second.
  const groupId = await createGroup(admin, plan, planId, isoDate(firstOf(karachiPeriod(-2))));
  return { account, bankAccountId: created.data.bankAccount.id, planId, groupId };
}

/**
 * A member who bought the plan (transferred three weeks ago, approved into the group) and sent the
 * receipt of the group's second month, transferred today, now under review. Answers the member and the
 * receipt's payment reference.
 */
async function memberWithReceipt(request: APIRequestContext, admin: AdminApi, setup: Setup, label: string, today: string) {
  const { member, token } = await memberThroughApi(request, label);
  const headers = { Authorization: `Bearer ${token}` };
  const threeWeeksAgo = isoDate(new Date(Date.parse(`${today}T00:00:00Z`) - 21 * DAY_MS));
  await ok(
    await request.post('/api/payments/subscribe', {
      headers,
      multipart: { planId: setup.planId, amount: String(MONTHLY), bankAccountId: setup.bankAccountId, transferDate: threeWeeksAgo, receipt: RECEIPT_PNG },
    }),
  );
  await approveIntoGroup(admin, setup.planId, setup.groupId);
  const month = karachiPeriod(-1);
  const sent = await ok<{ payment: { paymentReference: string } }>(
    await request.post('/api/payments', {
      headers,
      multipart: { groupId: setup.groupId, amount: String(MONTHLY), month: String(month.month), year: String(month.year), bankAccountId: setup.bankAccountId, transferDate: today, receipt: RECEIPT_PNG },
    }),
  );
  return { member, reference: sent.payment.paymentReference };
}

/** The bank's statement: two rows about the account, its headings, then the lines, dates written year first. */
function statementCsv(account: BankAccountInput, today: string, aisha: { reference: string }, bilal: SeededMember): string {
  const bilalWords = bilal.name.toUpperCase();
  return [
    'Meezan Bank Limited,,,,',
    `Statement of account ${account.accountNumber},,,,`,
    'Txn Date,Narrative,Money In,Money Out,Closing',
    `${today},IBFT ${aisha.reference} COMMITTEE,"25,000.00",,"125,000.00"`,
    `${today},IBFT FROM ${bilalWords},"25,000.00",,"150,000.00"`,
    `${today},IBFT FROM SOMEONE ELSE,"7,000.00",,"157,000.00"`,
    `${today},ATM CASH WITHDRAWAL,,"2,000.00","155,000.00"`,
  ].join('\r\n');
}

async function openReconciliation(page: Page, account: BankAccountInput) {
  await page.goto('/admin/reconciliation');
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await page.getByLabel('Bank account').selectOption({ label: `${account.bankName} · ${account.accountNumber} (${account.accountName})` });
}

/** Label and value pairs of a list of facts. */
async function factsOf(scope: Locator): Promise<Record<string, string>> {
  const terms = scope.getByRole('term');
  const facts: Record<string, string> = {};
  for (let i = 0; i < (await terms.count()); i++) {
    const term = terms.nth(i);
    facts[(await term.textContent()) ?? ''] = (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
  }
  return facts;
}

for (const { name, viewport } of widths) {
  test.describe(`bank statement import and matching, on a ${name}`, () => {
    test.use({ viewport });

    test('the admin imports the statement with its columns mapped, sees each match and why, approves the matched receipts and finds them approved', async ({ page, request }) => {
      const admin = await adminApi(request);
      const today = isoDate(karachiToday());
      const setup = await planAccountAndGroup(admin, `statement-${name}`);
      const aisha = await memberWithReceipt(request, admin, setup, 'aisha', today);
      const bilal = await memberWithReceipt(request, admin, setup, 'bilal', today);
      const csv = statementCsv(setup.account, today, aisha, bilal.member);

      // axe on each state of the import and the approval (the page alone is in axe-every-page.spec.ts).
      const audit = new Audit(page);
      await page.goto('/login');
      await signInAsAdmin(page);
      await openReconciliation(page, setup.account);
      const statement = page.getByRole('region', { name: 'Bank statement' });

      const dialog = page.getByRole('dialog', { name: 'Import a bank statement' });
      await test.step('the file is read: its first rows shown as they are, the columns not guessable from its headings', async () => {
        await statement.getByRole('button', { name: 'Import statement' }).click();
        await dialog.getByLabel('Statement file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        const rows = dialog.getByRole('region', { name: 'The first rows of statement.csv, as they are' });
        await expect(rows.getByRole('row')).toHaveCount(8);
        await expect(rows.getByRole('cell', { name: 'Narrative', exact: true })).toBeVisible();
        await expect(dialog.getByText('The columns could not be guessed: choose which column holds what.')).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
      });

      await test.step('the admin maps the columns; a date format that does not fit says which lines and why, the right one reads them', async () => {
        await dialog.getByLabel('Rows to skip before the headings').fill('2');
        await dialog.getByRole('combobox', { name: 'Date', exact: true }).selectOption({ label: 'Column 1: Txn Date' });
        await dialog.getByRole('combobox', { name: 'Description or remarks' }).selectOption({ label: 'Column 2: Narrative' });
        await dialog.getByRole('combobox', { name: 'Debit (money out) (optional)' }).selectOption({ label: 'Column 4: Money Out' });
        await dialog.getByRole('combobox', { name: 'Balance (optional)' }).selectOption({ label: 'Column 5: Closing' });
        await dialog.getByRole('combobox', { name: 'Credit (money in)' }).selectOption({ label: 'Column 3: Money In' });
        const dateFormat = dialog.getByRole('combobox', { name: 'Date format' });
        await expect(dateFormat).toHaveValue('DMY');
        await expect(dialog.getByText(`Line 4: the date “${today}” does not fit the date format.`)).toBeVisible();
        await expect(dialog.getByText(`The first date in the file: “${today}”`)).toBeVisible();
        await audit.check('the import dialog: columns mapped, lines refused by the date format');

        await dateFormat.selectOption({ label: 'Year, month, day (2026-12-31)' });
        await expect(dialog.getByText(/does not fit the date format/)).toHaveCount(0);
        const read = dialog.getByRole('region', { name: 'The first lines as read by these columns' });
        await expect(read.getByRole('row', { name: new RegExp(aisha.reference) })).toContainText(pkr(MONTHLY));
        await expect(read.getByRole('row', { name: /ATM CASH WITHDRAWAL/ })).toContainText(dayText(today));
        await expect(dialog.getByText('4 lines read, 3 of them money in.')).toBeVisible();
      });

      await test.step('imported: what was added, and what was matched by reference and by amount and name', async () => {
        await dialog.getByRole('button', { name: 'Import', exact: true }).click();
        const title = dialog.getByRole('heading', { name: 'statement.csv imported' });
        await expect(title).toBeVisible();
        await expect(title).toBeFocused();
        expect(await factsOf(dialog)).toEqual({
          'Lines read': '4',
          'New lines added': '4',
          'Already imported': '0',
          Dates: `${dayText(today)} to ${dayText(today)}`,
          'Matched by reference': '1',
          'Matched by amount and name': '1',
          'Still open': '1',
        });
        await audit.check('the import dialog: the statement imported');
        await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
        await expect(dialog).toBeHidden();
      });

      await test.step('the day says 2 of 3 matched; each line says why it matched and to which payment', async () => {
        await expect(statement.getByText('2 of 3 matched, 1 open').first()).toBeVisible();
        await expect(statement.getByText(`Reference ${aisha.reference} found`)).toBeVisible();
        // The words of the member's name found in the line ('E2E bilal 7': "bilal"), as a name is written.
        await expect(statement.getByText('Same amount, same day, name Bilal found')).toBeVisible();
        await expect(statement.getByText('Not matched', { exact: true })).toHaveCount(1);
        await expect(statement.getByText('Money out: not matched')).toBeVisible();
        await expect(statement.getByText('Under review', { exact: true })).toHaveCount(2);
        // Both matched receipts under review are ticked for approval.
        await expect(statement.getByRole('checkbox', { name: `Approve line 4: ${aisha.member.name}` })).toBeChecked();
        await expect(statement.getByRole('checkbox', { name: `Approve line 5: ${bilal.member.name}` })).toBeChecked();
        await audit.check('the statement: summary and lines matched');
      });

      await test.step('the admin approves the two ticked receipts after a confirmation; both are approved', async () => {
        await statement.getByRole('button', { name: 'Approve 2 ticked' }).click();
        const confirm = page.getByRole('dialog', { name: 'Approve the ticked payments?' });
        await expect(confirm.getByText(`2 receipts under review (${pkr(2 * MONTHLY)}) will be approved by reconciliation`)).toBeVisible();
        await audit.check('the approval: asked to confirm');
        await confirm.getByRole('button', { name: 'Approve 2', exact: true }).click();
        await expect(confirm.getByText('2 payments approved.')).toBeFocused();
        await audit.check('the approval: done');
        await page.keyboard.press('Escape');
        await expect(confirm).toBeHidden();
        await expect(statement.getByText('Approved', { exact: true })).toHaveCount(2);
        await expect(statement.getByRole('button', { name: 'Approve 0 ticked' })).toBeDisabled();
      });

      // The receipt's month, not the plan request approved the same day.
      const entry = (member: SeededMember) => page.getByRole('checkbox', { name: new RegExp(`^Tick ${escapeRegExp(member.name)}, ${karachiPeriod(-1).label}, ${escapeRegExp(pkr(MONTHLY))}`) });
      await test.step("today's approved payments show each receipt with its payment reference and statement line; the admin ticks one", async () => {
        await page.getByRole('button', { name: `Show payments of ${dayText(today)}` }).click();
        // Two plan requests and two receipts were approved today.
        await expect(page.getByRole('status').filter({ hasText: 'ticked' })).toContainText('0 of 4 ticked');
        await expect(page.getByText(new RegExp(`^Statement line 4, ${escapeRegExp(dayText(today))}: IBFT ${aisha.reference} COMMITTEE$`))).toBeVisible();
        await expect(page.getByText(new RegExp(`^Statement line 5, ${escapeRegExp(dayText(today))}: IBFT FROM `))).toBeVisible();
        await entry(aisha.member).check();
        await expect(page.getByText(/^Ticked by .+, /)).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'ticked' })).toContainText('1 of 4 ticked');
      });

      await test.step('loaded afresh, the page still shows the statement, the approvals and the tick', async () => {
        await openReconciliation(page, setup.account);
        await expect(statement.getByText('2 of 3 matched, 1 open').first()).toBeVisible();
        await expect(statement.getByText('Approved', { exact: true })).toHaveCount(2);
        await page.getByRole('button', { name: `Show payments of ${dayText(today)}` }).click();
        await expect(entry(aisha.member)).toBeChecked();
        await expect(entry(bilal.member)).not.toBeChecked();
      });

      await test.step('the page fits the screen: nothing scrolls sideways; axe found nothing serious on any state', async () => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await audit.check('the page with the approved payments listed and one ticked');
        audit.expectClean();
      });
    });
  });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatementLineView } from '../../../../contract/bank-statements.ts';
import { fakeApi, on, screenWidth } from '../../../test/api-stub.ts';
import { renderWithAdmin } from '../../../test/admin.tsx';
import { ACCOUNT_ID, approveAnswer, linesAnswer, matchRun, STATEMENT_LINES, summaryAnswer } from '../../../test/statement-fixtures.ts';
import { StatementLines } from './statement-lines.tsx';
import { StatementSummary } from './statement-summary.tsx';

afterEach(() => vi.restoreAllMocks());

const LINES_PATH = `/api/admin/bank-accounts/${ACCOUNT_ID}/statement-lines`;
const STATEMENTS = `/api/admin/bank-accounts/${ACCOUNT_ID}/statements`;

function renderLines() {
  return renderWithAdmin(<StatementLines bankAccountId={ACCOUNT_ID} from="2026-03-01" to="2026-03-31" />);
}

describe('Statement lines and approval by reconciliation', () => {
  it('on a wide screen: says why each line matched and to which payment, ticks the receipts under review, and approves those kept ticked', async () => {
    screenWidth(1280);
    const calls = fakeApi(
      on('GET', LINES_PATH, () => ({ body: linesAnswer() })),
      on('POST', `${STATEMENTS}/approve`, () => ({ body: approveAnswer(1) })),
    );
    const user = userEvent.setup();
    renderLines();
    const table = await screen.findByRole('table', { name: 'Statement lines' });
    const row = (text: RegExp) => within(table).getByRole('row', { name: text });

    const byReference = row(/AISHA KHAN/);
    expect(within(byReference).getByText('Reference K7PM4Q9 found')).toBeTruthy();
    expect(within(byReference).getByText('Aisha Khan')).toBeTruthy();
    expect(within(byReference).getByText(/March 2026 · PKR 5,000 ·/)).toBeTruthy();
    expect(within(byReference).getByText('Under review')).toBeTruthy();
    expect(within(byReference).getByText('In PKR 5,000')).toBeTruthy();
    expect(within(row(/FROM BILAL AHMED/)).getByText('Same amount, 1 day apart, name Bilal Ahmed found')).toBeTruthy();
    expect(within(row(/UNKNOWN/)).getByText('Not matched')).toBeTruthy();
    expect(within(row(/UNKNOWN/)).queryByRole('checkbox')).toBeNull();
    expect(within(row(/ATM CASH/)).getByText('Money out: not matched')).toBeTruthy();
    expect(within(row(/ATM CASH/)).getByText('Out PKR 2,000')).toBeTruthy();

    // Both matched receipts under review are ticked; the admin unticks one.
    const aisha = within(byReference).getByRole('checkbox', { name: 'Approve line 4: Aisha Khan' }) as HTMLInputElement;
    const bilal = within(table).getByRole('checkbox', { name: 'Approve line 5: Bilal Ahmed' }) as HTMLInputElement;
    expect([aisha.checked, bilal.checked]).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Approve 2 ticked' })).toBeTruthy();
    await user.click(bilal);
    const approve = screen.getByRole('button', { name: 'Approve 1 ticked' });

    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve the ticked payments?' });
    expect(within(dialog).getByText('1 receipt under review (PKR 5,000) will be approved by reconciliation, recorded in the audit log with its statement line.')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'The payments to approve' }).textContent).toBe('Line 4: Aisha Khan, PKR 5,000');
    // Focus is in the dialog and stays there.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Approve 1' }));
    const said = await within(dialog).findByText('1 payment approved.');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ lineIds: ['line-1'] });
    // The lines are read again after the approval.
    await waitFor(() => expect(calls.filter((c) => c.path === LINES_PATH)).toHaveLength(2));

    // Escape closes it, and focus goes back to the button that opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(approve));
  });

  it('says which ticked lines were not approved and why; a plan request is not ticked by itself', async () => {
    screenWidth(1280);
    const planRequest: StatementLineView = {
      ...STATEMENT_LINES[1],
      match: { ...STATEMENT_LINES[1].match!, payment: { ...STATEMENT_LINES[1].match!.payment, type: 'SUBSCRIPTION', month: null, year: null } },
    };
    fakeApi(
      on('GET', LINES_PATH, () => ({ body: linesAnswer([STATEMENT_LINES[0], planRequest]) })),
      on('POST', `${STATEMENTS}/approve`, () => ({
        body: approveAnswer(0, [
          { lineId: 'line-1', reason: 'This payment is not waiting for review.' },
          { lineId: 'line-2', reason: 'A plan request is approved into a group from Plan Requests.' },
        ]),
      })),
    );
    const user = userEvent.setup();
    renderLines();
    const bilal = (await screen.findByRole('checkbox', { name: 'Approve line 5: Bilal Ahmed' })) as HTMLInputElement;
    expect(bilal.checked).toBe(false);
    expect(screen.getByText('A plan request is approved into a group from Plan Requests.')).toBeTruthy();
    await user.click(bilal);
    await user.click(screen.getByRole('button', { name: 'Approve 2 ticked' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2' }));
    expect(await within(dialog).findByText('0 payments approved.')).toBeTruthy();
    expect(within(dialog).getByText('Not approved:')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 4 (Aisha Khan): This payment is not waiting for review.',
      'Line 5 (Bilal Ahmed): A plan request is approved into a group from Plan Requests.',
    ]);
  });

  it('on a phone: cards, a filter of the open lines, and Match again saying what it found', async () => {
    screenWidth(390);
    const calls = fakeApi(
      on('GET', LINES_PATH, (call) => ({ body: linesAnswer(call.search.get('show') === 'open' ? [STATEMENT_LINES[2]] : STATEMENT_LINES) })),
      on('POST', `${STATEMENTS}/match`, () => ({ body: matchRun(1, 0, 1, 1) })),
    );
    const user = userEvent.setup();
    renderLines();
    const list = await screen.findByRole('list', { name: 'Statement lines' });
    expect(within(list).getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') && document.getElementById(card.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      '4 Mar 2026 · line 4',
      '5 Mar 2026 · line 5',
      '6 Mar 2026 · line 7',
      '6 Mar 2026 · line 6',
    ]);
    expect(within(within(list).getAllByRole('article')[1]).getByText('Same amount, 1 day apart, name Bilal Ahmed found')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Open');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Statement lines' })).getAllByRole('article')).toHaveLength(1));
    expect(calls.filter((c) => c.path === LINES_PATH).at(-1)?.search.get('show')).toBe('open');
    expect((screen.getByRole('button', { name: 'Approve 0 ticked' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Match again' }));
    expect(await screen.findByText('Matched 1: 0 by reference, 1 by amount and name; 1 still open.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === LINES_PATH).length).toBeGreaterThanOrEqual(3));
  });

  it('with no line in the period, says so for the filter chosen', async () => {
    screenWidth(1280);
    fakeApi(on('GET', LINES_PATH, () => ({ body: linesAnswer([]) })));
    renderLines();
    expect(await screen.findByText('No statement line on these days.')).toBeTruthy();
  });
});

describe('Statement by transfer date', () => {
  const filter = { bankAccountId: ACCOUNT_ID, from: '2026-03-01', to: '2026-03-31', by: 'day' as const };

  it('on a wide screen: per day "N of M matched, K open" and the approved payments no line matches, with the total', async () => {
    screenWidth(1280);
    const calls = fakeApi(on('GET', '/api/admin/reconciliation/statement', () => ({ body: summaryAnswer() })));
    renderWithAdmin(<StatementSummary filter={filter} />);
    const table = await screen.findByRole('table', { name: 'Statement lines matched by day' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Statement lines', 'Approved, no line', 'Approved, no line (PKR)']);
    const cells = (name: string) => within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells('4 Mar 2026')).toEqual(['1 of 1 matched, 0 open', '0', 'PKR 0']);
    expect(cells('5 Mar 2026')).toEqual(['1 of 2 matched, 1 open', '2', 'PKR 10,000']);
    expect(cells('Total')).toEqual(['2 of 3 matched, 1 open', '2', 'PKR 10,000']);
    expect([...calls[0].search.entries()]).toEqual([['bankAccountId', ACCOUNT_ID], ['from', '2026-03-01'], ['to', '2026-03-31'], ['by', 'day']]);
  });

  it('on a phone: a card per month, and the total', async () => {
    screenWidth(390);
    fakeApi(on('GET', '/api/admin/reconciliation/statement', () => ({ body: summaryAnswer() })));
    renderWithAdmin(<StatementSummary filter={{ ...filter, by: 'month' }} />);
    const list = await screen.findByRole('list', { name: 'Statement lines matched by month' });
    const total = within(list).getByRole('article', { name: 'Total' });
    expect(within(total).getByText('2 of 3 matched, 1 open')).toBeTruthy();
    expect(within(total).getByText('Approved with no statement line: 2 (PKR 10,000)')).toBeTruthy();
  });
});

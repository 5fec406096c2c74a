import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatementLayout } from '../../../../contract/bank-statements.ts';
import { FILE_ROWS, GUESSED_LAYOUT } from '../../../test/statement-fixtures.ts';
import { StatementLayoutForm, type LayoutSource } from './statement-layout-form.tsx';
import { checkDraft, draftOf } from './statement-layout.ts';

/** The form as the import dialog holds it: the draft, its errors by the contract's schema, and the layout it makes (or none). */
function Harness({ layout, source }: { layout: StatementLayout | null; source: LayoutSource }) {
  const [draft, setDraft] = useState(() => draftOf(layout));
  const checked = checkDraft(draft);
  return (
    <>
      <StatementLayoutForm draft={draft} onChange={setDraft} errors={checked.errors ?? {}} columns={5} rows={FILE_ROWS} source={source} />
      <output aria-label="layout">{checked.layout ? JSON.stringify(checked.layout) : 'none'}</output>
    </>
  );
}

const layoutShown = () => {
  const text = screen.getByRole('status', { name: 'layout' }).textContent ?? '';
  return text === 'none' ? null : (JSON.parse(text) as StatementLayout);
};
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionTexts = (name: string) => [...select(name).options].map((option) => option.text);

describe('Statement column mapping', () => {
  it('offers a guessed layout: each column named by its heading, the guess said, and the layout whole', () => {
    render(<Harness layout={GUESSED_LAYOUT} source="guessed" />);
    expect(screen.getByText("These columns were guessed from the file's headings. Check each one before importing.")).toBeTruthy();
    expect(optionTexts('Date')).toEqual(['Choose a column', 'Column 1: Txn Date', 'Column 2: Narration', 'Column 3: Withdrawal', 'Column 4: Deposit', 'Column 5: Balance']);
    // An optional column may be left out.
    expect(optionTexts('Reference (optional)')[0]).toBe('None');
    expect([select('Date').value, select('Description or remarks').value, select('Credit (money in)').value, select('Debit (money out) (optional)').value, select('Reference (optional)').value, select('Balance (optional)').value]).toEqual(['0', '1', '3', '2', '', '4']);
    expect((screen.getByRole('spinbutton', { name: 'Rows to skip before the headings' }) as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('checkbox', { name: 'The first row holds the headings' }) as HTMLInputElement).checked).toBe(true);
    expect(layoutShown()).toEqual(GUESSED_LAYOUT);
  });

  it('shows the date orders with examples and the first date of the file under the date format', () => {
    render(<Harness layout={GUESSED_LAYOUT} source="saved" />);
    expect(screen.getByText("These are the columns this account's last statement was read by. Check them, then import.")).toBeTruthy();
    expect(optionTexts('Date format')).toEqual(['Day, month, year (31/12/2026)', 'Month, day, year (12/31/2026)', 'Year, month, day (2026-12-31)']);
    const dateOrder = select('Date format');
    expect(document.getElementById(dateOrder.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The first date in the file: “04/03/2026”');
    expect(optionTexts('Decimal separator')).toEqual(['Point (1234.50)', 'Comma (1234,50)']);
    expect(optionTexts('Thousands separator')).toEqual(['Comma (1,234)', 'Point (1.234)', 'Space (1 234)', "Apostrophe (1'234)", 'None (1234)']);
  });

  it('with nothing guessed, says the columns are to be chosen and makes no layout until each needed one is', async () => {
    render(<Harness layout={null} source="none" />);
    expect(screen.getByText('The columns could not be guessed: choose which column holds what.')).toBeTruthy();
    expect(layoutShown()).toBeNull();
    // Headings are read from the first row: the bank's title here, until the rows above the table are skipped.
    expect(optionTexts('Date')[1]).toBe('Column 1: Meezan Bank');
    expect(optionTexts('Date')[2]).toBe('Column 2');
    expect(select('Date').getAttribute('aria-invalid')).toBe('true');

    const skip = screen.getByRole('spinbutton', { name: 'Rows to skip before the headings' });
    await userEvent.clear(skip);
    await userEvent.type(skip, '2');
    expect(optionTexts('Date')[1]).toBe('Column 1: Txn Date');
    await userEvent.selectOptions(select('Date'), 'Column 1: Txn Date');
    await userEvent.selectOptions(select('Description or remarks'), 'Column 2: Narration');
    expect(layoutShown()).toBeNull();
    await userEvent.selectOptions(select('Credit (money in)'), 'Column 4: Deposit');
    await userEvent.selectOptions(select('Date format'), 'Year, month, day (2026-12-31)');
    expect(layoutShown()).toEqual({ ...GUESSED_LAYOUT, debit: null, balance: null, dateOrder: 'YMD' });
  });

  it('says by the field what is wrong: a column chosen twice, rows to skip out of range, the same separator twice', async () => {
    render(<Harness layout={GUESSED_LAYOUT} source="guessed" />);
    await userEvent.selectOptions(select('Balance (optional)'), 'Column 2: Narration');
    const balance = select('Balance (optional)');
    expect(balance.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(balance.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe('Each column may be chosen once.');
    expect(layoutShown()).toBeNull();
    await userEvent.selectOptions(balance, 'None');
    expect(layoutShown()).toEqual({ ...GUESSED_LAYOUT, balance: null });

    const skip = screen.getByRole('spinbutton', { name: 'Rows to skip before the headings' });
    await userEvent.clear(skip);
    await userEvent.type(skip, '60');
    expect(skip.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number from 0 to 50.')).toBeTruthy();
    await userEvent.clear(skip);
    await userEvent.type(skip, '2');

    await userEvent.selectOptions(select('Thousands separator'), 'Point (1.234)');
    expect(screen.getByText('The thousands separator must differ from the decimal separator.')).toBeTruthy();
    await userEvent.selectOptions(select('Decimal separator'), 'Comma (1234,50)');
    expect(screen.queryByText('The thousands separator must differ from the decimal separator.')).toBeNull();
    expect(layoutShown()).toEqual({ ...GUESSED_LAYOUT, balance: null, decimalSeparator: ',', thousandsSeparator: '.' });
    await userEvent.selectOptions(select('Thousands separator'), 'Comma (1,234)');
    expect(screen.getByText('The thousands separator must differ from the decimal separator.')).toBeTruthy();
    expect(layoutShown()).toBeNull();
  });

  it('the columns and the way the file is written are two labelled groups', () => {
    render(<Harness layout={GUESSED_LAYOUT} source="guessed" />);
    const columns = screen.getByRole('group', { name: 'Which column holds what' });
    expect(within(columns).getAllByRole('combobox')).toHaveLength(6);
    const written = screen.getByRole('group', { name: 'How the file is written' });
    expect(within(written).getAllByRole('combobox')).toHaveLength(3);
  });
});

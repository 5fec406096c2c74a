import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatementLayout } from '../../../../contract/bank-statements.ts';
import { renderWithAdmin } from '../../../test/admin.tsx';
import { ACCOUNT_ID, GUESSED_LAYOUT, importAnswer, previewAnswer } from '../../../test/statement-fixtures.ts';
import { StatementImportDialog } from './statement-import-dialog.tsx';

afterEach(() => vi.restoreAllMocks());

type Sent = { path: string; layout: StatementLayout | null; fileName: string | null };
type Answer = { status?: number; body: unknown };

/**
 * The statement routes as the dialog calls them: each multipart form recorded (its layout read back
 * from JSON, its file's name), answered by the test.
 */
function statementServer(answers: { preview: (layout: StatementLayout | null) => Answer; import?: (layout: StatementLayout | null) => Answer | Promise<Answer> }) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname;
    const form = init?.body instanceof FormData ? init.body : null;
    const layoutText = form?.get('layout');
    const file = form?.get('statement');
    const layout = typeof layoutText === 'string' ? (JSON.parse(layoutText) as StatementLayout) : null;
    sent.push({ path, layout, fileName: file instanceof File ? file.name : null });
    const base = `/api/admin/bank-accounts/${ACCOUNT_ID}/statements`;
    const answer = path === `${base}/preview` ? answers.preview(layout) : path === base && answers.import ? await answers.import(layout) : { status: 404, body: { success: false, code: 'notFound', message: 'Resource not found.' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

const csv = (name = 'march.csv') => new File(['Txn Date,Narration\n'], name, { type: 'text/csv' });

function open() {
  renderWithAdmin(<StatementImportDialog open onOpenChange={() => {}} bankAccountId={ACCOUNT_ID} account="Meezan · 0101 (Committee)" />);
  return screen.getByRole('dialog', { name: 'Import a bank statement' });
}

describe('Importing a bank statement', () => {
  it('previews the file, reads it again by the mapping changed, imports it with its progress and says what was added and matched', async () => {
    let release: (answer: Answer) => void = () => {};
    const held = new Promise<Answer>((resolve) => (release = resolve));
    const sent = statementServer({
      preview: (layout) =>
        layout ? { body: previewAnswer({ layout, layoutSource: 'sent', errors: [{ line: 7, reason: 'date', value: '31/11/2026' }], lineCount: 4 }) } : { body: previewAnswer() },
      import: () => held,
    });
    const user = userEvent.setup();
    const dialog = open();
    expect(within(dialog).getByText('Into Meezan · 0101 (Committee). Nothing is saved until you press Import.')).toBeTruthy();
    // Nothing to import before a file is read.
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    await user.upload(within(dialog).getByLabelText('Statement file'), csv());
    const rows = await within(dialog).findByRole('table', { name: 'The first rows of march.csv, as they are' });
    expect(within(rows).getAllByRole('row')).toHaveLength(7);
    expect(within(rows).getByRole('cell', { name: 'IBFT FROM BILAL AHMED' })).toBeTruthy();
    expect(within(dialog).getByText("These columns were guessed from the file's headings. Check each one before importing.")).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Credit (money in)' }) as HTMLSelectElement).value).toBe('3');
    const read = within(dialog).getByRole('table', { name: 'The first lines as read by these columns' });
    expect(within(read).getByRole('row', { name: /IBFT K7PM4Q9 AISHA KHAN/ }).textContent).toContain('PKR 5,000');
    expect(within(dialog).getByText('3 lines read, 2 of them money in.')).toBeTruthy();
    expect(sent).toEqual([{ path: `/api/admin/bank-accounts/${ACCOUNT_ID}/statements/preview`, layout: null, fileName: 'march.csv' }]);

    // A changed mapping is read again, with the layout sent; the lines it cannot read are said by their reason.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Balance (optional)' }), 'None');
    expect(await within(dialog).findByText('Line 7: the date “31/11/2026” does not fit the date format.')).toBeTruthy();
    expect(within(dialog).getByText('4 lines read, 2 of them money in.')).toBeTruthy();
    expect(sent.slice(1)).toEqual([{ path: `/api/admin/bank-accounts/${ACCOUNT_ID}/statements/preview`, layout: { ...GUESSED_LAYOUT, balance: null }, fileName: 'march.csv' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(progress.getAttribute('value')).toBe('100'));
    expect(within(dialog).getByText('Sent. Reading and matching the lines...')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Importing...' }).getAttribute('aria-busy')).toBe('true');
    expect(sent.at(-1)).toEqual({ path: `/api/admin/bank-accounts/${ACCOUNT_ID}/statements`, layout: { ...GUESSED_LAYOUT, balance: null }, fileName: 'march.csv' });

    release({ status: 201, body: importAnswer() });
    const title = await within(dialog).findByRole('heading', { name: 'march.csv imported' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const facts = Object.fromEntries(within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      'Lines read': '3',
      'New lines added': '2',
      'Already imported': '1',
      Dates: '4 Mar 2026 to 6 Mar 2026',
      'Matched by reference': '1',
      'Matched by amount and name': '1',
      'Still open': '0',
    });
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    // What the import changed is read again, never the file: it is not sent a fourth time.
    expect(sent).toHaveLength(3);
  });

  it('an import refused for a line says the lines and why, and a column the server refused by its field; nothing else changes', async () => {
    const sent = statementServer({
      preview: () => ({ body: previewAnswer({ layoutSource: 'saved' }) }),
      import: () => ({
        status: 400,
        body: {
          success: false,
          code: 'bankStatement.lineUnreadable',
          message: 'The statement was not imported: one of its lines could not be read. Nothing was saved.',
          errors: { statement: 'Line 9: the amount “12,5O” is not a number with at most two decimals.', 'layout.credit': 'Choose a column of the statement.' },
          lineErrors: [
            { line: 9, reason: 'amount', value: '12,5O' },
            { line: 11, reason: 'noDate', value: null },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    const dialog = open();
    await user.upload(within(dialog).getByLabelText('Statement file'), csv('april.csv'));
    expect(await within(dialog).findByText("These are the columns this account's last statement was read by. Check them, then import.")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The statement was not imported: one of its lines could not be read. Nothing was saved.');
    expect(within(dialog).getByText('Line 9: the amount “12,5O” is not a number with at most two decimals.')).toBeTruthy();
    expect(within(dialog).getByText('Line 11: there is no date.')).toBeTruthy();
    const credit = within(dialog).getByRole('combobox', { name: 'Credit (money in)' });
    expect(credit.getAttribute('aria-invalid')).toBe('true');
    // The refused line is said once, in the list: not again by the file field.
    expect(within(dialog).getByLabelText('Statement file').getAttribute('aria-invalid')).toBeNull();
    expect(sent.map((call) => call.path.split('/').at(-1))).toEqual(['preview', 'statements']);
  });

  it('says what is wrong with the file by its field: too large before anything is sent, unreadable as the server says', async () => {
    const sent = statementServer({
      preview: () => ({
        status: 400,
        body: { success: false, code: 'bankStatement.unreadable', message: 'This file could not be read as a CSV or Excel statement.', errors: { statement: 'This file could not be read as a CSV or Excel statement.' } },
      }),
    });
    const user = userEvent.setup();
    const dialog = open();
    const input = within(dialog).getByLabelText('Statement file');
    const large = csv('year.csv');
    Object.defineProperty(large, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(input, large);
    expect(await within(dialog).findByText('The statement is larger than 5 MB. Split it into shorter periods.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.upload(input, csv('photo.csv'));
    expect(await within(dialog).findByText('This file could not be read as a CSV or Excel statement.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

/**
 * Bank statements imported into reconciliation: three banks' layouts of our own (a CSV with a heading
 * above its columns, a semicolon CSV with one signed amount and decimal commas, an Excel workbook with
 * date and number cells), previewed, mapped and imported; a re-import adds nothing; a broken line refuses
 * the whole file, naming it. The expected lines are written out here from the files' own text.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, openTestFile, signInAdmin, signUpMember, type ApiResponse, type BodyOf } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();

let admin: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signUpMember>>;

async function newAccount(name: string): Promise<string> {
  const res = await api.post('/api/bank-accounts', { accountName: 'Umrah Committee', accountNumber: `0${Math.floor(Math.random() * 1e12)}`, bankName: name, accountType: 'Current', isActive: true }, admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bankAccount.id;
}

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type StatementsUrl<P extends string> = `/api/admin/bank-accounts/${string}/statements${P}`;

function send<P extends '' | '/preview'>(
  path: P,
  accountId: string,
  file: { name: string; type: string; data: Buffer } | undefined,
  layout?: unknown,
  token = admin.token,
): Promise<ApiResponse<BodyOf<'POST', StatementsUrl<P>>>> {
  const fields: Record<string, string> = layout === undefined ? {} : { layout: typeof layout === 'string' ? layout : JSON.stringify(layout) };
  const form = multipartBody(fields, file && { field: 'statement', ...file });
  const url: StatementsUrl<P> = `/api/admin/bank-accounts/${accountId}/statements${path}`;
  // The body is typed by the route's contract answers: the test app checks every answer against them (checkResponses).
  return ctx.app
    .inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } })
    .then((res) => ({ status: res.statusCode, body: res.json<BodyOf<'POST', StatementsUrl<P>>>(), headers: res.headers }));
}
const preview = (accountId: string, file: Parameters<typeof send>[2], layout?: unknown, token?: string) => send('/preview', accountId, file, layout, token);
const importFile = (accountId: string, file: Parameters<typeof send>[2], layout?: unknown, token?: string) => send('', accountId, file, layout, token);

async function keptLines(accountId: string) {
  const { rows } = await ctx.db.query<{ line_number: number; transfer_date: string; description: string; credit: string | null; debit: string | null; reference: string | null }>(
    `SELECT line_number, to_char(transfer_date, 'YYYY-MM-DD') AS transfer_date, description, credit::text, debit::text, reference
       FROM bank_statement_lines WHERE bank_account_id = $1 ORDER BY transfer_date, line_number`,
    [accountId],
  );
  return rows;
}

// Bank one: two lines of account details above the headings, days as 03/11/2026, thousands with commas.
const hblCsv = Buffer.from(
  [
    'Account Statement,,,,',
    'Account: 0123-4567890-01,,,,',
    'Txn Date,Description,Debit,Credit,Balance',
    '01/11/2026,Opening balance,,,"10,000.00"',
    '03/11/2026,IBFT from AISHA KHAN ref K7Q4-M2XA,,"15,000.00","25,000.00"',
    '03/11/2026,IBFT from AISHA KHAN ref K7Q4-M2XA,,"15,000.00","40,000.00"',
    '05/11/2026,Bank charges,250.50,,"39,749.50"',
    '28/11/2026,"Transfer from Bilal, Karachi","","5,000","44,749.50"',
    ',,,,',
  ].join('\r\n'),
);
const hblLines = [
  { line_number: 5, transfer_date: '2026-11-03', description: 'IBFT from AISHA KHAN ref K7Q4-M2XA', credit: '15000.00', debit: null, reference: null },
  { line_number: 6, transfer_date: '2026-11-03', description: 'IBFT from AISHA KHAN ref K7Q4-M2XA', credit: '15000.00', debit: null, reference: null },
  { line_number: 7, transfer_date: '2026-11-05', description: 'Bank charges', credit: null, debit: '250.50', reference: null },
  { line_number: 8, transfer_date: '2026-11-28', description: 'Transfer from Bilal, Karachi', credit: '5000.00', debit: null, reference: null },
];

// Bank two: semicolons, one signed amount column, days as 2026.11.03, decimal commas and dots for thousands.
const meezanCsv = Buffer.from(['Value Date;Narration;Amount;Ref', '2026.11.03;RAAST P2P Bilal Ahmed;15.000,00;RT-0001', '2026.11.04;ATM withdrawal;-2.500,50;', '2026.11.04;RAAST P2P Sana;7.500;RT-0002'].join('\n'));
const meezanLayout = { skipRows: 0, header: true, date: 0, description: 1, credit: 2, debit: null, reference: 3, balance: null, dateOrder: 'YMD', decimalSeparator: ',', thousandsSeparator: '.' };
const meezanLines = [
  { line_number: 2, transfer_date: '2026-11-03', description: 'RAAST P2P Bilal Ahmed', credit: '15000.00', debit: null, reference: 'RT-0001' },
  { line_number: 3, transfer_date: '2026-11-04', description: 'ATM withdrawal', credit: null, debit: '2500.50', reference: null },
  { line_number: 4, transfer_date: '2026-11-04', description: 'RAAST P2P Sana', credit: '7500.00', debit: null, reference: 'RT-0002' },
];

// Bank three: an Excel workbook, dates as date cells or as "04-Nov-2026" text, amounts as number cells.
async function ublWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  sheet.addRow(['Transaction Date', 'Particulars', 'Withdrawal', 'Deposit', 'Transaction ID', 'Balance']);
  sheet.addRow([new Date(Date.UTC(2026, 10, 2)), 'Mobile transfer Farah Iqbal', null, 20000, 'FT26306ABC', 20000]);
  sheet.addRow(['04-Nov-2026', 'Cheque 1234', 1000.25, null, 'CQ1234', 18999.75]);
  sheet.addRow([new Date(Date.UTC(2026, 10, 6)), 'Mobile transfer Omar', null, 12345.5, 'FT26310XYZ', 31345.25]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const ublLines = [
  { line_number: 2, transfer_date: '2026-11-02', description: 'Mobile transfer Farah Iqbal', credit: '20000.00', debit: null, reference: 'FT26306ABC' },
  { line_number: 3, transfer_date: '2026-11-04', description: 'Cheque 1234', credit: null, debit: '1000.25', reference: 'CQ1234' },
  { line_number: 4, transfer_date: '2026-11-06', description: 'Mobile transfer Omar', credit: '12345.50', debit: null, reference: 'FT26310XYZ' },
];

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  member = await signUpMember(ctx, { name: 'Member Who Tries' });
});

describe('a CSV with a heading above its columns', () => {
  it('is previewed with its columns guessed, imported, and imported again without adding a line', async () => {
    const account = await newAccount('HBL');
    const file = { name: 'hbl-november.csv', type: CSV_TYPE, data: hblCsv };
    const seen = await preview(account, file);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.code).toBe('bankStatement.previewed');
    expect(seen.body.data.rows[2]).toEqual(['Txn Date', 'Description', 'Debit', 'Credit', 'Balance']);
    expect(seen.body.data.layoutSource).toBe('guessed');
    expect(seen.body.data.layout).toMatchObject({ skipRows: 2, header: true, date: 0, description: 1, debit: 2, credit: 3, balance: 4, dateOrder: 'DMY', decimalSeparator: '.', thousandsSeparator: ',' });
    expect(seen.body.data.lineCount).toBe(4);
    expect(seen.body.data.creditCount).toBe(3);
    expect(seen.body.data.lines[0]).toEqual({ line: 5, transferDate: '2026-11-03', description: 'IBFT from AISHA KHAN ref K7Q4-M2XA', credit: 15000, debit: null, reference: null, balance: 25000 });
    // A preview saves nothing.
    expect(await keptLines(account)).toEqual([]);

    const first = await importFile(account, file, seen.body.data.layout);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.code).toBe('bankStatement.imported');
    expect(first.body.data.import).toMatchObject({ bankAccountId: account, fileName: 'hbl-november.csv', lines: 4, added: 4, alreadyImported: 0, firstDate: '2026-11-03', lastDate: '2026-11-28' });
    // The two transfers alike in every column are two lines.
    expect(await keptLines(account)).toEqual(hblLines);

    const again = await importFile(account, file, seen.body.data.layout);
    expect(again.status).toBe(201);
    expect(again.body.data.import).toMatchObject({ lines: 4, added: 0, alreadyImported: 4 });
    expect(await keptLines(account)).toEqual(hblLines);

    // The layout is offered for the account's next statement, and the import is in the audit trail.
    expect((await preview(account, file)).body.data.layoutSource).toBe('saved');
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'BANK_STATEMENT_IMPORT' AND entity_id = $1`, [account]);
    expect(rows[0].n).toBe(2);
  });

  it('adds only the new lines of a statement that overlaps one imported before', async () => {
    const account = await newAccount('HBL overlap');
    const layout = (await preview(account, { name: 'a.csv', type: CSV_TYPE, data: hblCsv })).body.data.layout;
    expect((await importFile(account, { name: 'a.csv', type: CSV_TYPE, data: hblCsv }, layout)).status).toBe(201);
    const later = Buffer.concat([hblCsv.subarray(0, hblCsv.lastIndexOf(',,,,')), Buffer.from('29/11/2026,IBFT from ZAINAB,,"2,000.00","46,749.50"\r\n')]);
    const res = await importFile(account, { name: 'b.csv', type: CSV_TYPE, data: later }, layout);
    expect(res.body.data.import).toMatchObject({ lines: 5, added: 1, alreadyImported: 4 });
    expect((await keptLines(account)).map((line) => line.description)).toContain('IBFT from ZAINAB');
  });
});

describe('a semicolon CSV with one signed amount and decimal commas', () => {
  it('is not guessed, is read by the layout the admin maps, and imported', async () => {
    const account = await newAccount('Meezan');
    const file = { name: 'meezan.csv', type: CSV_TYPE, data: meezanCsv };
    const seen = await preview(account, file);
    expect(seen.body.data).toMatchObject({ layoutSource: 'none', layout: null, lines: [], columns: 4 });
    expect(seen.body.data.rows[1]).toEqual(['2026.11.03', 'RAAST P2P Bilal Ahmed', '15.000,00', 'RT-0001']);

    const mapped = await preview(account, file, meezanLayout);
    expect(mapped.body.data.layoutSource).toBe('sent');
    expect(mapped.body.data.lines.map((line) => [line.credit, line.debit])).toEqual([[15000, null], [null, 2500.5], [7500, null]]);

    const res = await importFile(account, file, meezanLayout);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await keptLines(account)).toEqual(meezanLines);
  });
});

describe('an Excel workbook', () => {
  it('reads date and number cells as they are, and text dates by the layout', async () => {
    const account = await newAccount('UBL');
    const file = { name: 'ubl.xlsx', type: XLSX_TYPE, data: await ublWorkbook() };
    const seen = await preview(account, file);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.layout).toMatchObject({ skipRows: 0, date: 0, description: 1, debit: 2, credit: 3, reference: 4, balance: 5, dateOrder: 'DMY' });
    const res = await importFile(account, file, seen.body.data.layout);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await keptLines(account)).toEqual(ublLines);
  });
});

describe('a statement that cannot be read', () => {
  it('is refused with its first unreadable lines, and nothing of it is saved', async () => {
    const account = await newAccount('Broken');
    const broken = Buffer.from(hblCsv.toString().replace('05/11/2026', '31/11/2026').replace('"5,000"', '5.000.00'));
    const layout = (await preview(account, { name: 'ok.csv', type: CSV_TYPE, data: hblCsv })).body.data.layout;
    const res = await importFile(account, { name: 'broken.csv', type: CSV_TYPE, data: broken }, layout);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bankStatement.lineUnreadable');
    expect(res.body.lineErrors).toEqual([
      { line: 7, reason: 'date', value: '31/11/2026' },
      { line: 8, reason: 'amount', value: '5.000.00' },
    ]);
    expect(res.body.errors.statement).toBe('Line 7: the date “31/11/2026” does not fit the date format.');
    expect(await keptLines(account)).toEqual([]);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_statement_imports WHERE bank_account_id = $1', [account]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a file that is neither CSV nor a workbook, an empty one, and a form without a file', async () => {
    const account = await newAccount('Unreadable');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex');
    const binary = await preview(account, { name: 'photo.png', type: 'image/png', data: png });
    expect(binary.status).toBe(400);
    expect(binary.body).toMatchObject({ code: 'bankStatement.unreadable', errors: { statement: expect.any(String) } });
    const notZip = await preview(account, { name: 'fake.xlsx', type: XLSX_TYPE, data: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not really a zip')]) });
    expect(notZip.body.code).toBe('bankStatement.unreadable');
    const empty = await preview(account, { name: 'empty.csv', type: CSV_TYPE, data: Buffer.from('\r\n\r\n') });
    expect(empty.body.code).toBe('bankStatement.empty');
    const none = await preview(account, undefined);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ statement: expect.any(String) });
  });

  it('refuses a statement with no line moving money', async () => {
    const account = await newAccount('No money');
    const data = Buffer.from('Date,Description,Credit\n01/11/2026,Opening balance,\n');
    const res = await importFile(account, { name: 'n.csv', type: CSV_TYPE, data }, { ...meezanLayout, date: 0, description: 1, credit: 2, reference: null, dateOrder: 'DMY', decimalSeparator: '.', thousandsSeparator: ',' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bankStatement.noMoney');
  });
});

describe('the layout', () => {
  it('is checked: JSON, columns chosen once, separators apart; an import needs one', async () => {
    const account = await newAccount('Layouts');
    const file = { name: 'm.csv', type: CSV_TYPE, data: meezanCsv };
    const notJson = await importFile(account, file, '{date:');
    expect(notJson.status).toBe(400);
    expect(notJson.body.errors).toEqual({ layout: expect.any(String) });
    const twice = await importFile(account, file, { ...meezanLayout, reference: 2 });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toHaveProperty(['layout.reference']);
    const separators = await importFile(account, file, { ...meezanLayout, thousandsSeparator: ',', decimalSeparator: ',' });
    expect(separators.body.errors).toHaveProperty(['layout.thousandsSeparator']);
    const badOrder = await importFile(account, file, { ...meezanLayout, dateOrder: 'YDM' });
    expect(badOrder.body.errors).toHaveProperty(['layout.dateOrder']);
    const missing = await importFile(account, file);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ layout: expect.any(String) });
    expect(await keptLines(account)).toEqual([]);
  });
});

describe('who may import', () => {
  it('needs a session (401) and an admin (403); an unknown account is 404', async () => {
    const account = await newAccount('Guarded');
    const file = { name: 'm.csv', type: CSV_TYPE, data: meezanCsv };
    const form = multipartBody({ layout: JSON.stringify(meezanLayout) }, { field: 'statement', ...file });
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/admin/bank-accounts/${account}/statements`, payload: form.payload, headers: form.headers });
    expect(anonymous.statusCode).toBe(401);
    expect((await importFile(account, file, meezanLayout, member.token)).status).toBe(403);
    expect((await preview(account, file, undefined, member.token)).status).toBe(403);
    expect((await importFile('00000000-0000-4000-8000-000000000000', file, meezanLayout)).status).toBe(404);
    expect((await preview('not-an-id', file)).status).toBe(404);
    expect(await keptLines(account)).toEqual([]);
  });

  it('answers 415 to a body that is not a form', async () => {
    const account = await newAccount('Not a form');
    const res = await api.post(`/api/admin/bank-accounts/${account}/statements`, { layout: meezanLayout }, admin.token);
    expect(res.status).toBe(415);
  });
});

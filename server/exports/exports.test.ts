/**
 * CSV exports (GET /api/admin/exports/{kind}.csv): each kind holds the rows of its admin list under the
 * same filter, as a spreadsheet opens them safely. Files are read with a CSV parser written here, and
 * compared with the lists' own answers, the stored rows and figures built from the scenario by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkPlan, streamBulk } from '../test/bulk-exports.ts';
import { defaultersReport, paymentListAnswer, paymentReportAnswer } from '../../contract/instalments.ts';
import { multipartBody, ok, openTestFile, sampleFiles, signInAdmin, signUpMember } from '../test/test-app.ts';

const { ctx, api } = await openTestFile();
// The group runs January to June 2026; "today" is 31 March 2026 in Karachi (the grace day is the 10th).
ctx.setNow('2026-03-31T12:00:00+05:00');
const TODAY = '2026-03-31';
const MONTHLY = 5000;

type Member = Awaited<ReturnType<typeof signUpMember>>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let bankAccountId: string;
let planA: { id: string };
let planB: { id: string };
let group: { id: string; groupNumber: string };
let aisha: Member;
let evil: Member;
let plus: Member;
let bilal: Member;
let omar: Member;
const URDU = 'عائشہ خان';
const WORD_JOINER = '\u2060';
const FORMULA = '=HYPERLINK("x")';
/** The defaulters report's answer, as that report type reads it (contract/instalments.ts). */
const defaultersAnswer = { answer: paymentReportAnswer.extend({ data: defaultersReport }) };

/** RFC 4180, strictly: CRLF after every record, quotes doubled inside quoted cells, nothing else special. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else if (c === '\r' || c === '\n' || c === '"') {
      throw new Error(`a bare ${JSON.stringify(c)} at ${i}`);
    } else cell += c;
  }
  if (quoted || cell !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

const exportUrl = (kind: string, query = '') => `/api/admin/exports/${kind}.csv${query ? `?${query}` : ''}`;

/** An export as a caller asks for it: the admin by default, null for no session. */
async function download(kind: string, query = '', token: string | null = admin.token) {
  return ctx.app.inject({ method: 'GET', url: exportUrl(kind, query), headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** A downloaded file, checked for its frame (BOM, header, CRLF), as a table. */
async function csv(kind: string, query = '') {
  const res = await download(kind, query);
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(bytes.subarray(3).toString('utf8'));
  const [header, ...records] = rows;
  for (const record of records) expect(record).toHaveLength(header.length);
  const index = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`no column ${name} in ${header.join(', ')}`);
    return at;
  };
  return {
    res,
    raw: bytes.toString('utf8'),
    header,
    records,
    column: (name: string) => records.map((r) => r[index(name)]),
    row: (name: string, value: string) => {
      const found = records.filter((r) => r[index(name)] === value);
      expect(found, `${name} = ${value}`).toHaveLength(1);
      return Object.fromEntries(header.map((h, i) => [h, found[0][i]]));
    },
  };
}

/** A stored moment as Karachi (UTC+5, no daylight saving since 2009) writes it, to the second. */
const pkt = (at: Date | string | null) => (at === null ? '' : new Date(new Date(at).getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));

function sendReceipt(token: string, month: number) {
  const form = multipartBody({ groupId: group.id, amount: String(MONTHLY), month: String(month), year: '2026', bankAccountId }, { name: 'r.png', type: 'image/png', data: sampleFiles.png });
  return ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

async function instalmentId(userId: string, month: number) {
  const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND group_id = $2 AND type = 'INSTALMENT' AND month = $3`, [userId, group.id, month]);
  return rows[0].id;
}

async function decide(member: Member, month: number, body: Record<string, string>) {
  expect((await sendReceipt(member.token, month)).statusCode).toBe(201);
  ok(await api.put(`/api/payments/${await instalmentId(member.user.id, month)}/status`, body, admin.token));
}

/** Buys plan A and is approved into its group: January is settled by the purchase. */
async function approvedMember(name: string, referralCode?: string) {
  const member = await signUpMember(ctx, { name, referralCode });
  const request = await api.post('/api/plan-payments', { planId: planA.id, amount: MONTHLY }, member.token);
  const id = request.body.data.payment.id;
  ok(await api.put(`/api/plan-payments/${id}/receipt`, { receiptImage: 'https://bank.example/r/1' }, member.token));
  ok(await api.put(`/api/plan-payments/${id}/approve`, { groupId: group.id }, admin.token));
  return member;
}

beforeAll(async () => {
  admin = await signInAdmin(ctx);
  bankAccountId = (await api.post('/api/bank-accounts', { accountName: 'Committee', accountNumber: '1', bankName: 'HBL', accountType: 'Current' }, admin.token)).body.bankAccount.id;
  planA = (await api.post('/api/committee-plans', { name: 'Export Plan', monthlyAmount: MONTHLY, duration: 6, totalAmount: 30000, maxMembers: 50 }, admin.token)).body.plan;
  planB = (await api.post('/api/committee-plans', { name: 'Other Plan', monthlyAmount: 7500, duration: 6, totalAmount: 45000, maxMembers: 50 }, admin.token)).body.plan;
  group = (await api.post('/api/admin/groups/create', { planId: planA.id, groupName: 'G', maxMembers: 50, startDate: '2026-01-01' }, admin.token)).body.group;
  aisha = await approvedMember(URDU);
  evil = await approvedMember(FORMULA);
  plus = await approvedMember('+cmd');
  bilal = await approvedMember('Bilal Ahmed', aisha.user.referralCode);
  omar = await signUpMember(ctx, { name: 'Omar Farooq' });
  const request = await api.post('/api/plan-payments', { planId: planB.id, amount: 7500 }, omar.token);
  ok(await api.put(`/api/plan-payments/${request.body.data.payment.id}/receipt`, { receiptImage: 'https://bank.example/r/2', transferDate: '2026-03-29', transactionNumber: '000417' }, omar.token));

  // Aisha: February paid, March owed (overdue). The formula member: February owed, March refused (both
  // overdue). +cmd: February under review, March owed (overdue). Bilal: February and March paid.
  await decide(aisha, 2, { status: 'paid' });
  await decide(evil, 3, { status: 'rejected', reason: 'Wrong account' });
  expect((await sendReceipt(plus.token, 2)).statusCode).toBe(201);
  await decide(bilal, 2, { status: 'paid' });
  await decide(bilal, 3, { status: 'paid' });

  // Winners: Aisha for January (prize paid), the formula member for February.
  const select = (userId: string, month: number) => api.post('/api/winners/select-specific', { committeeId: planA.id, groupNumber: group.groupNumber, month, year: 2026, userId }, admin.token);
  const first = await select(aisha.user.id, 1);
  expect(first.status).toBe(201);
  expect((await select(evil.user.id, 2)).status).toBe(201);
  ok(await api.put(`/api/winners/${first.body.winner.id}/status`, { status: 'PAID' }, admin.token));

  ok(await api.put(`/api/admin/users/${plus.user.id}/block`, { isBlocked: true, reason: '-late payer' }, admin.token));

  // Bilal's approved payments earned Aisha commissions: they are paid out in one batch.
  const accrued = await ctx.db.query<{ month: number; year: number }>('SELECT DISTINCT accrued_month AS month, accrued_year AS year FROM commissions');
  expect(accrued.rows).toHaveLength(1);
  const paid = await api.post('/api/admin/commission-payments/bulk-pay', { ...accrued.rows[0], paymentMethod: 'BANK_TRANSFER', transactionId: '=TX-1' }, admin.token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}, 120_000);

describe('every export', () => {
  it("has its header row in the signed-in admin's language, the records unchanged", async () => {
    const english = await csv('payments', `planId=${planA.id}`);
    await ctx.db.query(`UPDATE users SET language = 'ur' WHERE id = $1`, [admin.user.id]);
    try {
      const urdu = await csv('payments', `planId=${planA.id}`);
      expect(urdu.header).toEqual(['ادائیگی ID', 'ادائیگی کا ریفرنس نمبر', 'قسم', 'رکن', 'ای میل', 'فون نمبر', 'کمیٹی پلان', 'گروپ', 'مہینہ', 'سال', 'آخری تاریخ', 'رقم (PKR)', 'حیثیت',
        `${TODAY} کو حیثیت`, 'ادائیگی کا طریقہ', 'ٹرانسفر کی تاریخ', 'ٹرانزیکشن نمبر', 'جمع کرانے کا وقت (PKT)', 'منظوری کا وقت (PKT)', 'مسترد کرنے کی وجہ', 'رکن کے نوٹس',
        'منتظم کے نوٹس']);
      expect(urdu.records).toEqual(english.records);
      for (const kind of ['defaulters', 'winners', 'plan-requests', 'commission-payments', 'users', 'audit']) {
        const file = await csv(kind);
        expect(file.header.every((name) => /[\u0600-\u06FF]/.test(name)), file.header.join(', ')).toBe(true);
      }
      expect((await csv('users')).header).toContain('شناختی کارڈ نمبر');
    } finally {
      await ctx.db.query(`UPDATE users SET language = 'en' WHERE id = $1`, [admin.user.id]);
    }
    expect((await csv('payments', `planId=${planA.id}`)).header).toEqual(english.header);
  });


  it('is a UTF-8 CSV with a BOM, a header row and CRLF line ends, sent as a private download', async () => {
    const file = await csv('payments', `planId=${planA.id}`);
    expect(file.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.res.headers['content-disposition']).toBe(`attachment; filename="payments-${TODAY}.csv"`);
    expect(file.res.headers['cache-control']).toBe('private, no-store');
    expect(file.res.headers['x-content-type-options']).toBe('nosniff');
    expect(file.header.slice(0, 4)).toEqual(['Payment ID', 'Payment reference', 'Type', 'Member']);
    expect(file.header).toContain('Approved at (PKT)');
    expect(file.header).toContain(`State on ${TODAY}`);
    for (const kind of ['defaulters', 'winners', 'plan-requests', 'commission-payments', 'users', 'audit']) {
      const other = await csv(kind);
      expect(other.res.headers['content-disposition']).toBe(`attachment; filename="${kind}-${TODAY}.csv"`);
      expect(other.header.length).toBeGreaterThan(3);
    }
  });

  it('is for admins only; an unknown kind is not found; a bad filter is refused field by field', async () => {
    const member = await signUpMember(ctx, { name: 'Curious Member' });
    for (const kind of ['payments', 'defaulters', 'winners', 'plan-requests', 'commission-payments', 'users', 'audit']) {
      expect((await download(kind, '', null)).statusCode, kind).toBe(401);
      const refused = await download(kind, '', member.token);
      expect(refused.statusCode, kind).toBe(403);
      expect(refused.json().success).toBe(false);
    }
    expect((await download('nothing')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/exports/payments.json', headers: { authorization: `Bearer ${admin.token}` } })).statusCode).toBe(404);

    const bad: [string, string, string][] = [
      ['payments', 'status=BOGUS', 'status'],
      ['payments', 'month=13', 'month'],
      ['payments', 'type=LOAN', 'type'],
      ['defaulters', 'year=1999', 'year'],
      ['winners', 'status=PENDING', 'status'],
      ['plan-requests', 'status=maybe', 'status'],
      ['users', 'status=ASLEEP', 'status'],
      ['audit', 'from=yesterday', 'from'],
    ];
    for (const [kind, query, field] of bad) {
      const res = await download(kind, query);
      expect(res.statusCode, `${kind}?${query}`).toBe(400);
      expect(Object.keys(res.json().errors), `${kind}?${query}`).toEqual([field]);
    }
  });

  it('is recorded in the audit log with its kind and filters', async () => {
    await csv('users', 'status=blocked');
    const entries = ok(await api.get('/api/admin/audit?action=DATA_EXPORT&limit=100', admin.token)).data.entries;
    const entry = entries.find((e) => e.after?.kind === 'users');
    expect(entry).toMatchObject({ action: 'DATA_EXPORT', entityType: 'export', entityId: 'users', actor: { id: admin.user.id }, after: { kind: 'users', filters: { status: 'BLOCKED' } } });
  });
});

describe('payments', () => {
  it('holds the rows of the payments list, in its order, for the same filters', async () => {
    for (const query of [`planId=${planA.id}`, `planId=${planA.id}&status=PAID&month=2`, `search=${encodeURIComponent('عائشہ')}&type=INSTALMENT`, `groupId=${group.id}&year=2026&status=pending`]) {
      const list = ok(await api.get(`/api/payments?${query}&limit=100`, admin.token, { answer: paymentListAnswer })).data.payments.map((p) => p.id);
      expect(list.length, query).toBeGreaterThan(0);
      expect((await csv('payments', query)).column('Payment ID'), query).toEqual(list);
    }
    // Built from the scenario: February's approved instalments are Aisha's and Bilal's.
    const february = await csv('payments', `planId=${planA.id}&status=PAID&month=2`);
    expect(new Set(february.column('Payment ID'))).toEqual(new Set([await instalmentId(aisha.user.id, 2), await instalmentId(bilal.user.id, 2)]));
    // Every payment of the plan: four plan requests and six months of four members.
    expect((await csv('payments', `planId=${planA.id}`)).records).toHaveLength(4 + 4 * 6);
  });

  it('writes amounts with two decimals, dates as YYYY-MM-DD, times in Karachi, and names as they are', async () => {
    const id = await instalmentId(aisha.user.id, 2);
    const stored = (await ctx.db.query<{ approved_at: Date; submitted_at: Date }>('SELECT approved_at, submitted_at FROM payments WHERE id = $1', [id])).rows[0];
    const file = await csv('payments', `planId=${planA.id}`);
    const reference = (await ctx.db.query<{ payment_reference: string }>('SELECT payment_reference FROM payments WHERE id = $1', [id])).rows[0].payment_reference;
    expect(file.header).toEqual(['Payment ID', 'Payment reference', 'Type', 'Member', 'Email', 'Phone', 'Plan', 'Group', 'Month', 'Year', 'Due date', 'Amount (PKR)', 'Status',
      `State on ${TODAY}`, 'Payment method', 'Transfer date', 'Transaction number', 'Submitted at (PKT)', 'Approved at (PKT)', 'Rejection reason', 'Member notes', 'Admin notes']);
    expect(file.row('Payment ID', id)).toMatchObject({
      'Payment reference': reference,
      // Sent as the specification's client sends it: no transfer date, no transaction number.
      'Transfer date': '',
      'Transaction number': '',
      Type: 'INSTALMENT',
      Member: URDU,
      Plan: 'Export Plan',
      Group: group.groupNumber,
      Month: '2',
      Year: '2026',
      'Due date': '2026-02-01',
      'Amount (PKR)': '5000.00',
      Status: 'PAID',
      [`State on ${TODAY}`]: 'PAID',
      'Submitted at (PKT)': pkt(stored.submitted_at),
      'Approved at (PKT)': pkt(stored.approved_at),
    });
    expect(file.row('Payment ID', await instalmentId(evil.user.id, 3))).toMatchObject({ Member: `'${FORMULA}`, Status: 'REJECTED', [`State on ${TODAY}`]: 'OVERDUE', 'Rejection reason': 'Wrong account' });
    expect(file.raw).toContain(`"'=HYPERLINK(""x"")"`);
    expect(file.column('Member')).toContain("'+cmd");
    expect(file.raw).toContain(URDU);
  });
});

describe('defaulters', () => {
  it('holds one row per member with overdue instalments, their count and sum, as the report has them', async () => {
    const expected = [
      // The formula member owes February and March; Aisha and +cmd owe March (+cmd's February waits for review).
      { userId: evil.user.id, count: '2', amount: '10000.00', oldest: '2026-02-01', name: `'${FORMULA}` },
      ...[
        { userId: aisha.user.id, count: '1', amount: '5000.00', oldest: '2026-03-01', name: URDU },
        { userId: plus.user.id, count: '1', amount: '5000.00', oldest: '2026-03-01', name: "'+cmd" },
      ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    ];
    for (const query of ['', `groupId=${group.id}`, `planId=${planA.id}&year=2026`]) {
      const file = await csv('defaulters', query);
      expect(file.header).toEqual(['Member ID', 'Member', 'Email', 'Phone', 'Overdue instalments', 'Overdue amount (PKR)', 'Oldest overdue due date']);
      expect(file.records.map((r) => ({ userId: r[0], name: r[1], count: r[4], amount: r[5], oldest: r[6] })), query).toEqual(expected);
      const report = ok(await api.get(`/api/payments/reports?reportType=defaulters&limit=100${query ? `&${query}` : ''}`, admin.token, defaultersAnswer)).data.defaulters;
      expect(file.records.map((r) => [r[0], Number(r[4]), Number(r[5]), r[6]])).toEqual(
        report.map((d) => [d.userId, d.overdueCount, d.overdueAmount, d.oldestDueDate]),
      );
    }
    // One month: February's only defaulter is the formula member, with that month alone.
    const february = await csv('defaulters', 'month=2&year=2026');
    expect(february.records.map((r) => [r[0], r[4], r[5], r[6]])).toEqual([[evil.user.id, '1', '5000.00', '2026-02-01']]);
    expect((await csv('defaulters', `planId=${planB.id}`)).records).toEqual([]);
  });
});

describe('winners', () => {
  it('holds the rows of the winners list for the same filters', async () => {
    for (const query of [`committeeId=${planA.id}`, 'status=paid', 'search=HYPERLINK', `groupNumber=${group.groupNumber}&month=2&year=2026`]) {
      const list = ok(await api.get(`/api/winners?${query}&limit=100`, admin.token)).data.winners.map((w) => w.id);
      expect(list.length, query).toBeGreaterThan(0);
      expect((await csv('winners', query)).column('Winner ID'), query).toEqual(list);
    }
    const paid = await csv('winners', 'status=PAID');
    const stored = (await ctx.db.query<{ id: string; paid_at: Date }>(`SELECT id, paid_at FROM winners WHERE status = 'PAID'`)).rows;
    expect(stored).toHaveLength(1);
    expect(paid.row('Winner ID', stored[0].id)).toMatchObject({ Member: URDU, Month: '1', Year: '2026', 'Amount (PKR)': '30000.00', Status: 'PAID', 'Paid at (PKT)': pkt(stored[0].paid_at) });
    expect((await csv('winners', 'search=HYPERLINK')).column('Member')).toEqual([`'${FORMULA}`]);
  });
});

describe('plan requests', () => {
  it('holds the rows of the plan requests list for the same filters', async () => {
    for (const query of ['', `planId=${planB.id}`, 'status=PAID', 'search=Omar', `search=${encodeURIComponent('عائشہ')}`]) {
      const list = ok(await api.get(`/api/plan-payments?limit=100${query ? `&${query}` : ''}`, admin.token)).data.payments.map((p) => p.id);
      expect(list.length, query).toBeGreaterThan(0);
      expect((await csv('plan-requests', query)).column('Request ID'), query).toEqual(list);
    }
    const stored = (await ctx.db.query<{ id: string }>(`SELECT id FROM payments WHERE type = 'SUBSCRIPTION' AND plan_id = $1`, [planB.id])).rows;
    const other = await csv('plan-requests', `planId=${planB.id}`);
    const answered = ok(await api.get(`/api/plan-payments/${stored[0].id}`, admin.token)).payment;
    expect(other.row('Request ID', stored[0].id)).toMatchObject({
      'Payment reference': answered.paymentReference,
      Member: 'Omar Farooq',
      Plan: 'Other Plan',
      'Amount (PKR)': '7500.00',
      Status: 'PENDING',
      'Receipt sent': 'Yes',
      'Transfer date': '2026-03-29',
      'Transaction number': `${WORD_JOINER}000417`,
      Group: '',
    });
    expect((await csv('plan-requests', 'status=PAID')).records).toHaveLength(4);
    expect((await csv('plan-requests', 'planId=not-an-id')).records).toEqual([]);
  });
});

describe('commission payments', () => {
  it('holds the payout batches of the history', async () => {
    const history = ok(await api.get('/api/admin/commission-payments/history?limit=100', admin.token)).data.batches;
    expect(history).toHaveLength(1);
    const file = await csv('commission-payments');
    expect(file.column('Batch ID')).toEqual([history[0].id]);
    const stored = (await ctx.db.query<{ total: string; n: number; created_at: Date }>('SELECT total_amount::text AS total, total_payments AS n, created_at FROM commission_batches')).rows[0];
    expect(file.row('Batch ID', history[0].id)).toMatchObject({
      'Commissions paid': String(stored.n),
      'Total amount (PKR)': Number(stored.total).toFixed(2),
      'Transaction ID': "'=TX-1",
      'Paid at (PKT)': pkt(stored.created_at),
      'Paid by': 'Admin User',
    });
  });
});

describe('users', () => {
  it('holds the rows of the users list for the same filters, with their figures', async () => {
    for (const query of ['', 'status=BLOCKED', 'status=active', `search=${encodeURIComponent('عائشہ')}`, 'search=Farooq']) {
      const list = ok(await api.get(`/api/admin/users?limit=100${query ? `&${query}` : ''}`, admin.token)).users.map((u) => u.id);
      expect(list.length, query).toBeGreaterThan(0);
      expect((await csv('users', query)).column('User ID'), query).toEqual(list);
    }
    expect((await csv('users', 'status=BLOCKED')).row('User ID', plus.user.id)).toMatchObject({ Name: "'+cmd", Status: 'Blocked', 'Blocked reason': "'-late payer" });
    // Bilal paid his plan request, February and March (January is settled by the request).
    expect((await csv('users', 'search=Bilal')).row('User ID', bilal.user.id)).toMatchObject({ Groups: '1', 'Active groups': '1', 'Approved payments': '3', 'Paid (PKR)': '15000.00', Status: 'Active' });
    expect((await csv('users', `search=${encodeURIComponent('عائشہ')}`)).column('Name')).toEqual([URDU]);
  });
});

describe('phone numbers and CNICs', () => {
  it('are written as typed, behind an invisible word joiner: leading zero and plus kept, no apostrophe, no exponent', async () => {
    const zero = await signUpMember(ctx, { name: 'Typed Zero', phone: '03001234567', cnic: '35202-1234567-1' });
    const plusSign = await signUpMember(ctx, { name: 'Typed Plus', phone: '+923001234567' });
    const file = await csv('users', 'search=Typed');
    expect(file.row('User ID', zero.user.id)).toMatchObject({ Phone: '\u206003001234567', CNIC: '\u20603520212345671' });
    expect(file.row('User ID', plusSign.user.id)).toMatchObject({ Phone: '\u2060+923001234567', CNIC: '' });
    // In the file itself: unquoted, nothing before the mark, the typed text right after it.
    expect(file.raw).toContain(',\u206003001234567,\u20603520212345671,');
    expect(file.raw).toContain(',\u2060+923001234567,,');
    expect(file.raw).not.toMatch(/'\+923001234567|"\+923001234567/);
  });
});

describe('audit', () => {
  it('holds the rows of the audit list for the same filters', async () => {
    for (const query of ['entityType=payment', `actorId=${admin.user.id}&action=winner_select`, `from=${new Date().toISOString().slice(0, 10)}&entityType=user`]) {
      const list = ok(await api.get(`/api/admin/audit?${query}&limit=100`, admin.token)).data.entries.map((e) => e.id);
      expect(list.length, query).toBeGreaterThan(0);
      expect((await csv('audit', query)).column('Entry ID'), query).toEqual(list);
    }
    const blocked = (await ctx.db.query<{ id: string; created_at: Date }>(`SELECT id, created_at FROM audit_log WHERE action = 'USER_BLOCK'`)).rows[0];
    const row = (await csv('audit', 'action=USER_BLOCK')).row('Entry ID', blocked.id);
    expect(row).toMatchObject({ 'Time (PKT)': pkt(blocked.created_at), Actor: 'Admin User', 'Record type': 'user', 'Record ID': plus.user.id });
    expect(JSON.parse(row.After)).toEqual({ isBlocked: true, reason: '-late payer' });
  });
});

describe('a large export', () => {
  it('pages through batches by keyset: every row once, ties and microseconds across batch boundaries', { timeout: 120_000 }, async () => {
    const n = 5_000;
    const planId = await bulkPlan(ctx, admin.token, n);
    expect(await streamBulk(ctx, admin.token, planId, n)).toMatchObject({ rest: '', records: n, repeated: 0, missing: 0 });
  });
});

describe('the transfer behind a receipt', () => {
  it('is in the payments export: the payment reference, the transfer date and the transaction number as typed', async () => {
    const member = await approvedMember('Zainab Noor');
    const form = multipartBody(
      { groupId: group.id, amount: String(MONTHLY), month: '2', year: '2026', bankAccountId, transferDate: '2026-03-30', transactionNumber: ' 22222E2 ' },
      { name: 'r.png', type: 'image/png', data: sampleFiles.png },
    );
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/payments', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${member.token}` } });
    expect(sent.statusCode, sent.body).toBe(201);
    const payment = sent.json().payment;
    const file = await csv('payments', `planId=${planA.id}&userId=${member.user.id}`);
    // A code a spreadsheet would read as 2222200 is kept as typed, behind the invisible mark.
    expect(file.row('Payment ID', payment.id)).toMatchObject({ 'Payment reference': payment.paymentReference, 'Transfer date': '2026-03-30', 'Transaction number': `${WORD_JOINER}22222E2` });
    expect(payment.paymentReference).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
  });
});

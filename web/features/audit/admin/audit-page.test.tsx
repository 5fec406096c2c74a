import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithAdmin } from '../../../test/admin.tsx';
import { requestsTo, screenWidth } from '../../../test/api-stub.ts';
import { answerAs, catchDownloads, file, stubGetRequests } from '../../../test/api-stub.ts';
import { makeAdminUser, userListAnswerOf } from '../../../test/user-fixtures.ts';
import { auditPageAnswer } from '../../../../contract/audit.ts';
import type { AuditEntry } from './api.ts';
import { AdminAuditPage, datesInOrder } from './audit-page.tsx';

afterEach(() => vi.restoreAllMocks());

const adminActor = { id: '11111111-1111-4111-8111-111111111111', name: 'Bilal Admin', email: 'admin@example.com' };
const entries: AuditEntry[] = [
  {
    id: 'a-2',
    action: 'USER_UPDATE',
    entityType: 'user',
    entityId: '22222222-2222-4222-8222-222222222222',
    subject: { member: 'Ayesha Khan' },
    before: { name: 'Ayesha', email: 'ayesha@example.com', role: 'USER' },
    after: { name: 'Ayesha Khan', email: 'ayesha@example.com', role: 'ADMIN' },
    ip: '203.0.113.9',
    security: true,
    device: 'Chrome on Windows',
    // 19:30 UTC is 00:30 the next day in Karachi.
    createdAt: '2026-03-11T19:30:00.000Z',
    actor: adminActor,
  },
  {
    id: 'a-1',
    action: 'PLAN_CREATE',
    entityType: 'plan',
    entityId: '33333333-3333-4333-8333-333333333333',
    subject: null,
    before: null,
    after: { name: 'Gold', monthlyAmount: 5000 },
    ip: null,
    security: false,
    device: null,
    createdAt: '2026-03-10T05:00:00.000Z',
    actor: null,
  },
];
const auditAnswer = (list = entries) => answerAs(auditPageAnswer, { success: true, data: { entries: list, pagination: { page: 1, limit: 25, total: list.length, pages: 1, exact: true } } });

describe('/admin/audit', () => {
  it('shows when (Pakistan time), who, what, which record, before → after and the address', async () => {
    screenWidth(1440);
    const { refused } = stubGetRequests({ '/api/admin/audit': auditAnswer() });
    renderWithAdmin(<AdminAuditPage />);

    expect(await screen.findByRole('heading', { name: 'Audit Log', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Who', 'What', 'Record', 'Before → After', 'From address']);
    const [, edit, create] = within(table).getAllByRole('row');
    expect(within(edit).getByText(/12 Mar 2026.*12:30:00/)).toBeTruthy();
    expect(within(edit).getByText('Bilal Admin')).toBeTruthy();
    expect(within(edit).getByText('User edited')).toBeTruthy();
    expect(within(edit).getByText('USER_UPDATE')).toBeTruthy();
    expect(within(edit).getByText('22222222-2222-4222-8222-222222222222')).toBeTruthy();
    // The record by name, not only by id.
    expect(within(within(edit).getAllByRole('cell')[3]).getByText('Ayesha Khan')).toBeTruthy();
    const changes = within(edit).getAllByRole('listitem').map((li) => li.textContent);
    expect(changes).toEqual(['name: Ayesha →  becomes Ayesha Khan', 'role: USER →  becomes ADMIN']);
    expect(within(edit).getByText('203.0.113.9')).toBeTruthy();
    expect(within(edit).getByText('Show JSON')).toBeTruthy();

    expect(within(create).getByText('System')).toBeTruthy();
    expect(within(create).getByText('Plan created')).toBeTruthy();
    expect(within(create).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['name: Gold', 'monthlyAmount: 5000']);
    expect(refused).toEqual([]);
  });

  it('says "10,000+ entries" when the trail is longer than the server counts, and still offers the next page', async () => {
    screenWidth(390);
    stubGetRequests({ '/api/admin/audit': answerAs(auditPageAnswer, { success: true, data: { entries, pagination: { page: 1, limit: 25, total: 10000, pages: 400, exact: false } } }) });
    renderWithAdmin(<AdminAuditPage />);
    expect(await screen.findByText('10,000+ entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: /next/i }).hasAttribute('disabled')).toBe(false);
  });

  it('sends the filters to the server', async () => {
    const { spy } = stubGetRequests({ '/api/admin/audit': auditAnswer() });
    const user = userEvent.setup();
    renderWithAdmin(<AdminAuditPage />);
    await screen.findByRole('article', { name: 'User edited' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'user');
    await user.type(screen.getByRole('combobox', { name: 'Action' }), 'user_block');
    await user.type(screen.getByRole('textbox', { name: 'Record ID' }), 'abc');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');

    await waitFor(() => {
      const last = requestsTo(spy, '/api/admin/audit').at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({ action: 'USER_BLOCK', entityType: 'user', entityId: 'abc', from: '2026-03-01', to: '2026-03-31', page: '1', limit: '25' });
    });
  });

  it('points out dates out of order and does not send them', async () => {
    const { spy } = stubGetRequests({ '/api/admin/audit': auditAnswer() });
    const user = userEvent.setup();
    renderWithAdmin(<AdminAuditPage />);
    await screen.findByRole('article', { name: 'User edited' });
    await user.type(screen.getByLabelText('From'), '2026-03-31');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect((await screen.findByRole('alert')).textContent).toBe('The From date must not be after the To date.');
    const sent = requestsTo(spy, '/api/admin/audit');
    expect(sent.every((url) => datesInOrder(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''))).toBe(true);
    expect(sent.some((url) => url.searchParams.get('to') === '2026-03-01')).toBe(false);
  });

  it('finds a person by name to show only their changes, or takes the one of an entry', async () => {
    const people = [makeAdminUser({ ...adminActor, role: 'ADMIN' })];
    const { spy } = stubGetRequests({ '/api/admin/audit': auditAnswer(), '/api/admin/users': userListAnswerOf(people, { counters: { total: 2, active: 2, inactive: 0, blocked: 0 }, limit: 8 }) });
    const user = userEvent.setup();
    renderWithAdmin(<AdminAuditPage />);
    await screen.findByRole('article', { name: 'User edited' });

    await user.type(screen.getByRole('searchbox', { name: 'Changed by' }), 'bil');
    await user.click(await screen.findByRole('button', { name: 'Choose Bilal Admin (admin@example.com)' }));
    expect(screen.getByText('Changes by Bilal Admin (admin@example.com)')).toBeTruthy();
    await waitFor(() => expect(requestsTo(spy, '/api/admin/audit').at(-1)!.searchParams.get('actorId')).toBe(adminActor.id));
    expect(requestsTo(spy, '/api/admin/users')[0].searchParams.get('search')).toBe('bil');

    await user.click(screen.getByRole('button', { name: 'Show changes by everyone' }));
    expect((screen.getByRole('searchbox', { name: 'Changed by' }) as HTMLInputElement).value).toBe('');

    const card = screen.getByRole('article', { name: 'User edited' });
    await user.click(within(card).getByRole('button', { name: 'Show only changes by Bilal Admin' }));
    expect(screen.getByText('Changes by Bilal Admin (admin@example.com)')).toBeTruthy();
  });
});

describe('datesInOrder', () => {
  it('accepts one date, none, or two in order', () => {
    expect(datesInOrder('', '')).toBe(true);
    expect(datesInOrder('2026-03-01', '')).toBe(true);
    expect(datesInOrder('2026-03-01', '2026-03-01')).toBe(true);
    expect(datesInOrder('2026-03-02', '2026-03-01')).toBe(false);
  });

  it('names each record in words: member, plan and group, month, bank account, plan request', async () => {
    screenWidth(1440);
    const named: AuditEntry[] = [
      { ...entries[1], id: 'n-1', action: 'PAYMENT_PAID', entityType: 'payment', subject: { member: 'Aisha Khan', plan: 'Gold', groupNumber: '3', month: 3, year: 2026 } },
      { ...entries[1], id: 'n-2', action: 'PLAN_REQUEST_APPROVE', entityType: 'payment', subject: { member: 'Omar Farooq', plan: 'Gold', planRequest: true } },
      { ...entries[1], id: 'n-3', action: 'BANK_ACCOUNT_UPDATE', entityType: 'bank_account', subject: { bank: 'HBL', account: 'Committee Collections' } },
      { ...entries[1], id: 'n-4', action: 'DRAW_COMMIT', entityType: 'draw', subject: { plan: 'Gold', groupNumber: '3', month: 4, year: 2026 } },
    ];
    stubGetRequests({ '/api/admin/audit': auditAnswer(named) });
    renderWithAdmin(<AdminAuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    for (const text of ['Aisha Khan, Gold, Group 3, March 2026', 'Omar Farooq, Gold, plan request', 'HBL, Committee Collections', 'Gold, Group 3, April 2026']) {
      expect(within(table).getByText(text)).toBeTruthy();
    }
    expect(within(table).getByText('Draw committed')).toBeTruthy();
    expect(within(table).getAllByText('Draw').length).toBeGreaterThan(0);
  });

  it('downloads what the filters show as CSV, every page of it', async () => {
    screenWidth(1440);
    const { reads } = stubGetRequests({ '/api/admin/audit': auditAnswer(), '/api/admin/exports/audit.csv': file('\uFEFFEntry ID\r\n', 'audit-2026-03-12.csv', 'text/csv') });
    renderWithAdmin(<AdminAuditPage />);
    await screen.findByRole('table', { name: 'Audit entries' });
    await userEvent.setup().selectOptions(screen.getByLabelText('Record type'), 'user');
    await waitFor(() => expect(reads.some((call) => call.path === '/api/admin/audit' && call.url.includes('entityType=user'))).toBe(true));
    const saved = catchDownloads();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV of the audit log' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['audit-2026-03-12.csv']));
    const exported = reads.filter((call) => call.path === '/api/admin/exports/audit.csv').map((call) => call.url);
    expect(exported).toEqual(['/api/admin/exports/audit.csv?entityType=user']);
  });
});

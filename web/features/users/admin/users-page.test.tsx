import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catchDownloads, fakeApi, file, ok, on, stubGetRequests } from '../../../test/api-stub.ts';
import { AdminUsersPage } from './users-page.tsx';
import { changedUserAnswerOf, makeAdminUser, renderWithAdmin, requestsTo, userListAnswerOf } from './test-support.tsx';
import { screenWidth } from '../../../test/api-stub.ts';

afterEach(() => vi.restoreAllMocks());

const ayesha = makeAdminUser();
const usman = makeAdminUser({ id: 'user-8', name: 'Usman Ali', email: 'usman@example.com', phone: null, isBlocked: true, blockedReason: 'Fake receipts', lastLoginAt: '2026-03-01T08:00:00.000Z' });
const admin = makeAdminUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN', isActive: true });


describe('/admin/users', () => {
  it('shows the counters and a card per user on a phone', async () => {
    const { refused } = stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha, usman, admin]) });
    renderWithAdmin(<AdminUsersPage />);

    expect(await screen.findByRole('heading', { name: 'User Management', level: 1 })).toBeTruthy();
    const counters = await screen.findByRole('region', { name: 'User figures' });
    await waitFor(() => expect(within(counters).getByText('30')).toBeTruthy());
    expect(within(counters).getByText('8')).toBeTruthy();
    expect(within(counters).getByText('4')).toBeTruthy();
    expect(within(counters).getByText('42')).toBeTruthy();

    const card = screen.getByRole('article', { name: 'Usman Ali' });
    expect(within(card).getByText('Blocked')).toBeTruthy();
    expect(within(card).getByText('Reason: Fake receipts')).toBeTruthy();
    expect(within(card).getByText('No phone')).toBeTruthy();
    // On a card, the actions are in one menu.
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Actions for Usman Ali' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for Usman Ali' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Ledger', 'Edit', 'Deactivate', 'Unblock']);

    const own = screen.getByRole('article', { name: 'Bilal Admin' });
    expect(within(own).getByText('You')).toBeTruthy();
    expect(within(own).getByText('Admin')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Ayesha Khan' })).getByText('Active')).toBeTruthy();
    expect(refused).toEqual([]);
  });

  it("leads from each user, in the table and on the cards' menus, to the user's ledger", async () => {
    screenWidth(1440);
    stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha, usman]) });
    const { unmount } = renderWithAdmin(<AdminUsersPage />);
    for (const user of [ayesha, usman]) {
      const link = await screen.findByRole('link', { name: `Ledger of ${user.name}` });
      expect(link.textContent).toBe('Ledger');
      expect(link.getAttribute('href')).toBe(`/admin/users/${user.id}/ledger`);
    }
    unmount();
    vi.restoreAllMocks();

    screenWidth(390);
    stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha, usman]) });
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />);
    for (const member of [ayesha, usman]) {
      await user.click(await screen.findByRole('button', { name: `Actions for ${member.name}` }));
      const item = within(await screen.findByRole('menu', { name: `Actions for ${member.name}` })).getByRole('menuitem', { name: 'Ledger' });
      expect(item.getAttribute('href')).toBe(`/admin/users/${member.id}/ledger`);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
  });

  it('shows the columns of the specification in a table on a wide screen, with every action of a row as a named button', async () => {
    screenWidth(1440);
    stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha]) });
    renderWithAdmin(<AdminUsersPage />);
    const table = await screen.findByRole('table', { name: 'Users' });
    // The contact sits under the user's name; Joined / Last login is shown from 1536px (2xl) up.
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['User', 'Role & Status', 'Committees', 'Payments', 'Joined / Last login', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Joined / Last login' }).className).toMatch(/\bhidden\b.*\b2xl:table-cell\b/);
    const row = within(table).getByRole('row', { name: /ayesha@example.com/ });
    expect(within(row).getByText('0300-1234567')).toBeTruthy();
    expect(within(row).getByText('PKR 50,000')).toBeTruthy();
    expect(within(row).getByText('2 total · 1 active')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Ledger of Ayesha Khan' })).toBeTruthy();
    for (const name of ['Edit', 'Deactivate', 'Block']) expect(within(row).getByRole('button', { name })).toBeTruthy();
    // No menu in the table: the buttons themselves are in view.
    expect(within(row).queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('searches on the server once the typing settles, and filters by status', async () => {
    const { spy } = stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha]) });
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />);
    await screen.findByRole('article', { name: 'Ayesha Khan' });

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'AYESHA7');
    await waitFor(() => expect(requestsTo(spy, '/api/admin/users').some((url) => url.searchParams.get('search') === 'AYESHA7')).toBe(true));
    // Not one request per key.
    expect(requestsTo(spy, '/api/admin/users').filter((url) => url.searchParams.has('search'))).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'BLOCKED');
    await waitFor(() => expect(requestsTo(spy, '/api/admin/users').some((url) => url.searchParams.get('status') === 'BLOCKED')).toBe(true));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Active', 'Inactive', 'Blocked', 'CNIC held for review']);
  });

  it("opens a card's actions menu from the keyboard: Enter or Space opens it, the arrows move, Escape closes it and gives the focus back", async () => {
    screenWidth(360);
    stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha, usman]) });
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />);
    const trigger = await screen.findByRole('button', { name: 'Actions for Ayesha Khan' });
    // The name holds the visible word.
    expect(trigger.textContent).toBe('Actions');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');

    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Ayesha Khan' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Ledger', 'Edit', 'Deactivate', 'Block']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(items[3]));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);

    // Space opens it too, and Enter on an item does what it says: Edit opens Edit User.
    await user.keyboard(' ');
    const again = await screen.findByRole('menu', { name: 'Actions for Ayesha Khan' });
    await waitFor(() => expect(document.activeElement).toBe(within(again).getAllByRole('menuitem')[0]));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect((within(dialog).getByRole('textbox', { name: 'Full Name' }) as HTMLInputElement).value).toBe('Ayesha Khan');
  });

  it('opens Block User with an optional reason, and shows why it failed', async () => {
    const { refused } = stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha]) });
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />);
    const card = await screen.findByRole('article', { name: 'Ayesha Khan' });

    await user.click(within(card).getByRole('button', { name: 'Actions for Ayesha Khan' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    expect(within(dialog).getByText(/Ayesha Khan \(ayesha@example.com\) will be signed out at once/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Block User' }));

    // Only reads are answered in these tests: the refused write shows the screen's message.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Failed to update user status');
    expect(refused.map((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`)).toEqual(['PUT /api/admin/users/user-7/block']);
  });

  it('blocks a user with the reason given, says so, and shows the list as the server has it now', async () => {
    const blocked = { ...ayesha, isBlocked: true, blockedReason: 'Spam' };
    let changed = false;
    const calls = fakeApi(
      on('GET', '/api/admin/users', () => userListAnswerOf([changed ? blocked : ayesha])),
      on('PUT', '/api/admin/users/user-7/block', () => {
        changed = true;
        return changedUserAnswerOf(blocked, 'User blocked successfully');
      }),
    );
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />);
    const card = await screen.findByRole('article', { name: 'Ayesha Khan' });
    await user.click(within(card).getByRole('button', { name: 'Actions for Ayesha Khan' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Block User' }));

    expect(await screen.findByText('User blocked successfully')).toBeTruthy();
    expect(await within(screen.getByRole('article', { name: 'Ayesha Khan' })).findByText('Reason: Spam')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ isBlocked: true, reason: 'Spam' }]);
  });

  it('says the users could not be loaded when the answer is not in the shape the server promises', async () => {
    // The users without their counters and paging: an answer the contract does not name.
    stubGetRequests({ '/api/admin/users': ok({ users: [ayesha], data: {} }) });
    renderWithAdmin(<AdminUsersPage />);
    expect((await screen.findAllByText('Failed to fetch users')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Ayesha Khan' })).toBeNull();
  });

  it('opens the list filtered from ?status= (the Alerts card links here)', async () => {
    const { spy } = stubGetRequests({ '/api/admin/users': userListAnswerOf([usman]) });
    renderWithAdmin(<AdminUsersPage />, { path: '/admin/users?status=blocked' });
    await screen.findByRole('article', { name: 'Usman Ali' });
    expect(requestsTo(spy, '/api/admin/users')[0].searchParams.get('status')).toBe('BLOCKED');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('BLOCKED');
  });
});

describe('/admin/users: a CNIC held for review', () => {
  const held = makeAdminUser({
    id: 'user-9',
    name: 'Sana Malik',
    email: 'sana@example.com',
    cnic: '3520100000001',
    cnicClaim: { cnic: '3520212345671', claimedAt: '2026-03-10T09:00:00.000Z', heldBy: { id: 'user-10', name: 'Omar Farooq', email: 'omar@example.com' } },
  });

  it.each([
    ['a card', 390],
    ['the table', 1440],
  ])('shows on %s what was asked for, when, and who has it, with the two decisions', async (_where, width) => {
    screenWidth(width);
    stubGetRequests({ '/api/admin/users': userListAnswerOf([held, ayesha]) });
    renderWithAdmin(<AdminUsersPage />);
    const note = await screen.findByRole('group', { name: 'CNIC held for review' });
    expect(within(note).getByText('Asked for CNIC 35202-1234567-1 on 10 Mar 2026.')).toBeTruthy();
    expect(within(note).getByText('Another account has it: Omar Farooq (omar@example.com).')).toBeTruthy();
    expect(within(note).getByRole('button', { name: 'Give CNIC' })).toBeTruthy();
    expect(within(note).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    // Only the user with a held CNIC has the note.
    expect(screen.getAllByRole('group', { name: 'CNIC held for review' })).toHaveLength(1);
  });

  it('asks first, then sends the decision: Give CNIC, and Dismiss', async () => {
    screenWidth(390);
    const { refused } = stubGetRequests({ '/api/admin/users': userListAnswerOf([held]) });
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />);
    const note = await screen.findByRole('group', { name: 'CNIC held for review' });

    await user.click(within(note).getByRole('button', { name: 'Give CNIC' }));
    const grant = await screen.findByRole('dialog', { name: 'Give this CNIC?' });
    expect(within(grant).getByText('Sana Malik gets CNIC 35202-1234567-1. The account that has it now loses it and is told by email.')).toBeTruthy();
    expect(refused).toEqual([]);
    await user.click(within(grant).getByRole('button', { name: 'Give CNIC' }));
    // Only reads are answered in these tests: the refused write shows the screen's message.
    expect(await screen.findByText('Failed to resolve the CNIC request')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(note).getByRole('button', { name: 'Dismiss' }));
    const dismiss = await screen.findByRole('dialog', { name: 'Dismiss this CNIC request?' });
    expect(within(dismiss).getByText('Sana Malik keeps the CNIC they had and is asked to contact support.')).toBeTruthy();
    await user.click(within(dismiss).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(refused).toHaveLength(2));
    expect(refused.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/admin/users/user-9/cnic-claim', { decision: 'GRANT' }],
      ['PUT', '/api/admin/users/user-9/cnic-claim', { decision: 'DISMISS' }],
    ]);
  });

  it('opens the list of held CNICs from ?status=cnic_claims (the administrators’ notification links here)', async () => {
    const { spy } = stubGetRequests({ '/api/admin/users': userListAnswerOf([held]) });
    renderWithAdmin(<AdminUsersPage />, { path: '/admin/users?status=cnic_claims' });
    await screen.findByRole('group', { name: 'CNIC held for review' });
    expect(requestsTo(spy, '/api/admin/users')[0].searchParams.get('status')).toBe('CNIC_CLAIMS');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe('CNIC held for review');
  });
});

describe('/admin/users as CSV', () => {
  const csvExport = '/api/admin/exports/users.csv';

  it('downloads every user under the search and filter of the list, without paging', async () => {
    const { reads } = stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha]), [csvExport]: file('\uFEFFUser ID\r\n', 'users-2026-04-05.csv', 'text/csv') });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderWithAdmin(<AdminUsersPage />, { path: '/admin/users?status=blocked' });
    await screen.findByRole('article', { name: 'Ayesha Khan' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), ' ayesha ');
    await waitFor(() => expect(reads.some((call) => call.path === '/api/admin/users' && call.search.get('search') === 'ayesha')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Download CSV of users' }));
    await waitFor(() => expect(saved.map((download) => download.name)).toEqual(['users-2026-04-05.csv']));
    expect(reads.filter((call) => call.path === csvExport).map((call) => Object.fromEntries(call.search))).toEqual([{ search: 'ayesha', status: 'BLOCKED' }]);
  });

  it('says when the users cannot be downloaded', async () => {
    stubGetRequests({ '/api/admin/users': userListAnswerOf([ayesha]), [csvExport]: { status: 404, body: { success: false } } });
    const saved = catchDownloads();
    renderWithAdmin(<AdminUsersPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV of users' }));
    expect(await screen.findByText('Failed to download the CSV of users')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

/**
 * Removing a member from a group and moving one to another group of the plan, from the Members tab of the
 * group details (docs/rules.md "Corrections"): the reason is required, the request is the route's, the
 * details are read again after, and the server's refusal stands in the dialog.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupDetailsDialog } from './group-details-dialog.tsx';
import { memberMovedAnswer, memberRemovedAnswer } from '../../../../contract/corrections.ts';
import { answerAs, fakeApi, on, type FakeHandler } from '../../../test/api-stub.ts';
import { groupDetailsAnswerOf, makeGroup, planGroupsAnswerOf, renderWithProviders } from '../../../test/catalog-fixtures.tsx';

afterEach(() => vi.restoreAllMocks());

const detailsPath = '/api/admin/groups/group-1/details';
const planGroupsPath = '/api/admin/groups/plan/plan-1';
const removePath = '/api/admin/groups/group-1/members/u1';
const movePath = '/api/admin/groups/group-1/members/u1/move';

const member = (overrides: Record<string, unknown> = {}) => ({
  id: 'm1',
  userId: 'u1',
  memberNumber: 1,
  status: 'ACTIVE',
  joinedAt: '2026-01-02T00:00:00.000Z',
  user: { name: 'Aisha Khan', email: 'aisha@example.com', phone: null },
  leftAt: null,
  leftReason: null,
  movedToGroupNumber: null,
  ...overrides,
});

const details = (members: ReturnType<typeof member>[]) => ({
  ...makeGroup({ currentMembers: members.filter((m) => m.status === 'ACTIVE').length }),
  members,
  payments: [],
  paymentsPagination: { page: 1, limit: 50, total: 0, pages: 1, exact: true },
  stats: { totalPayments: 0, paidPayments: 0, pendingPayments: 0, overduePayments: 0, totalRevenue: 0, expectedRevenue: 0, collectionRate: 0, currentMonth: { paid: 0, pending: 0, overdue: 0 } },
});

/** The details: first with Aisha active, then (after a correction) with her as `after`. */
function detailsApi(after: Record<string, unknown> = {}): FakeHandler {
  let reads = 0;
  return on('GET', detailsPath, () => {
    reads += 1;
    return groupDetailsAnswerOf(details([member(reads === 1 ? {} : after)]));
  });
}

const planGroups = (groups: ReturnType<typeof makeGroup>[]) => on('GET', planGroupsPath, () => planGroupsAnswerOf(groups));

async function openMembers(...handlers: FakeHandler[]) {
  const calls = fakeApi(...handlers);
  const user = userEvent.setup();
  renderWithProviders(<GroupDetailsDialog groupId="group-1" onOpenChange={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Group Details' });
  await user.click(await within(dialog).findByRole('tab', { name: 'Members' }));
  return { calls, user, dialog };
}

describe('the members of a group', () => {
  it('offers an active member both corrections, and shows a member who left with where, when and why, without them', async () => {
    const { dialog } = await openMembers(
      on('GET', detailsPath, () =>
        groupDetailsAnswerOf(
          details([
            member(),
            member({ id: 'm2', userId: 'u2', memberNumber: 2, status: 'DROPPED', user: { name: 'Bilal Ahmed', email: 'bilal@example.com', phone: null }, leftAt: '2026-03-05T10:00:00.000Z', leftReason: 'Asked to leave' }),
            member({ id: 'm3', userId: 'u3', memberNumber: 3, status: 'DROPPED', user: { name: 'Sana Mir', email: 'sana@example.com', phone: null }, leftAt: '2026-03-06T10:00:00.000Z', leftReason: 'Wanted an earlier trip', movedToGroupNumber: '2' }),
          ]),
        ),
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Move Aisha Khan to another group' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Remove Aisha Khan from group' })).toBeTruthy();

    const rows = within(dialog).getAllByRole('listitem');
    const bilal = rows.find((row) => row.textContent?.includes('Bilal Ahmed'))!;
    expect(within(bilal).getByText('Removed')).toBeTruthy();
    expect(within(bilal).getByText('Left 5 Mar 2026: Asked to leave')).toBeTruthy();
    const sana = rows.find((row) => row.textContent?.includes('Sana Mir'))!;
    expect(within(sana).getByText('Moved to Group 2')).toBeTruthy();
    expect(within(sana).getByText('Left 6 Mar 2026: Wanted an earlier trip')).toBeTruthy();
    for (const row of [bilal, sana]) {
      expect(within(row).queryByRole('button', { name: /to another group|from group/ })).toBeNull();
      // Their statement of the group stays to hand: the months due stay owed.
      expect(within(row).getByRole('button', { name: /^Statement of / })).toBeTruthy();
    }
  });
});

describe('Remove from group', () => {
  it('explains what happens, requires a reason, sends it, says what the server said and reads the details again', async () => {
    const { calls, user, dialog } = await openMembers(
      detailsApi({ status: 'DROPPED', leftAt: '2026-03-05T10:00:00.000Z', leftReason: 'Asked to leave' }),
      on('DELETE', removePath, () => answerAs(memberRemovedAnswer, { success: true, code: 'ok', message: 'Member removed from the group', data: { userId: 'u1', groupId: 'group-1', cancelledInstalments: 4 } })),
    );
    const opener = within(dialog).getByRole('button', { name: 'Remove Aisha Khan from group' });
    await user.click(opener);
    const remove = await screen.findByRole('dialog', { name: 'Remove Aisha Khan from the group?' });
    expect(within(remove).getByText('Months already due stay owed. Months to come are taken off the schedule. Their seat is freed. A winner cannot be removed.')).toBeTruthy();
    const reason = within(remove).getByLabelText('Reason');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    await user.click(within(remove).getByRole('button', { name: 'Remove member' }));
    expect(await within(remove).findByText('Please give a reason for this correction.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.type(reason, 'Asked to leave');
    await user.click(within(remove).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Member removed from the group')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => [call.path, call.body])).toEqual([[removePath, { reason: 'Asked to leave' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Aisha Khan from the group?' })).toBeNull());

    // Read again: now removed, with nothing left to correct.
    expect(await within(dialog).findByText('Removed')).toBeTruthy();
    expect(within(dialog).getByText('Left 5 Mar 2026: Asked to leave')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove Aisha Khan from group' })).toBeNull();
    expect(calls.filter((call) => call.path === detailsPath)).toHaveLength(2);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const { user, dialog } = await openMembers(
      detailsApi(),
      on('DELETE', removePath, () => ({ status: 409, body: { success: false, code: 'correction.winnerStays', message: 'A winner of this group cannot be removed or moved.' } })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove Aisha Khan from group' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Aisha Khan from the group?' });
    await user.type(within(remove).getByLabelText('Reason'), 'Asked to leave');
    await user.click(within(remove).getByRole('button', { name: 'Remove member' }));
    const alert = await within(remove).findByRole('alert');
    expect(alert.textContent).toBe('A winner of this group cannot be removed or moved.');
    expect(screen.getByRole('dialog', { name: 'Remove Aisha Khan from the group?' })).toBeTruthy();
  });

  it("puts the server's field error under Reason", async () => {
    const { user, dialog } = await openMembers(
      detailsApi(),
      on('DELETE', removePath, () => ({ status: 400, body: { success: false, code: 'validationFailed', message: 'Validation failed', errors: { reason: 'The reason must be at most 500 characters.' } } })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove Aisha Khan from group' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Aisha Khan from the group?' });
    const reason = within(remove).getByLabelText('Reason');
    await user.type(reason, 'x');
    await user.click(within(remove).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    const described = reason.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('The reason must be at most 500 characters.');
    expect(within(remove).queryByRole('alert')).toBeNull();
  });

  it('closes on Escape without sending anything, and gives focus back to its button', async () => {
    const { calls, user, dialog } = await openMembers(detailsApi());
    const opener = within(dialog).getByRole('button', { name: 'Remove Aisha Khan from group' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Remove Aisha Khan from the group?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Aisha Khan from the group?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Group Details' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });
});

describe('Move to another group', () => {
  const groups = [
    makeGroup(),
    makeGroup({ id: 'group-2', groupNumber: '2', currentMembers: 3, maxMembers: 20 }),
    makeGroup({ id: 'group-3', groupNumber: '3', currentMembers: 20, maxMembers: 20 }),
    makeGroup({ id: 'group-4', groupNumber: '4', currentMembers: 1, maxMembers: 20, isActive: false }),
  ];

  it("lists the plan's other active groups with a free seat, requires a group and a reason, moves, and reads the details again", async () => {
    const { calls, user, dialog } = await openMembers(
      detailsApi({ status: 'DROPPED', leftAt: '2026-03-05T10:00:00.000Z', leftReason: 'Wants an earlier trip', movedToGroupNumber: '2' }),
      planGroups(groups),
      on('POST', movePath, () =>
        answerAs(memberMovedAnswer, {
          success: true,
          code: 'ok',
          message: 'Member moved to the new group',
          data: { userId: 'u1', fromGroupId: 'group-1', groupId: 'group-2', groupNumber: '2', memberNumber: 4, paidMonthsCarried: 2 },
        }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move Aisha Khan to another group' }));
    const move = await screen.findByRole('dialog', { name: 'Move Aisha Khan to another group' });
    expect(within(move).getByText(/^Paid months come along; the schedule follows the new group's months\./)).toBeTruthy();
    const target = (await within(move).findByLabelText('Move to group')) as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(target));
    expect([...target.options].map((option) => option.textContent)).toEqual(['Choose a group', 'Group 2 (3 of 20 members)']);

    await user.click(within(move).getByRole('button', { name: 'Move member' }));
    expect(await within(move).findByText('Please choose the group to move to.')).toBeTruthy();
    expect(within(move).getByText('Please give a reason for this correction.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.selectOptions(target, 'group-2');
    await user.type(within(move).getByLabelText('Reason'), 'Wants an earlier trip');
    await user.click(within(move).getByRole('button', { name: 'Move member' }));
    expect(await screen.findByText('Member moved to the new group')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([[movePath, { toGroupId: 'group-2', reason: 'Wants an earlier trip' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move Aisha Khan to another group' })).toBeNull());
    expect(await within(dialog).findByText('Moved to Group 2')).toBeTruthy();
    expect(calls.filter((call) => call.path === detailsPath)).toHaveLength(2);
  });

  it("shows the server's refusal in the dialog and lists the groups again", async () => {
    const { calls, user, dialog } = await openMembers(
      detailsApi(),
      planGroups(groups),
      on('POST', movePath, () => ({ status: 409, body: { success: false, code: 'group.full', message: 'Committee is full.' } })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move Aisha Khan to another group' }));
    const move = await screen.findByRole('dialog', { name: 'Move Aisha Khan to another group' });
    await user.selectOptions(await within(move).findByLabelText('Move to group'), 'group-2');
    await user.type(within(move).getByLabelText('Reason'), 'Wants an earlier trip');
    await user.click(within(move).getByRole('button', { name: 'Move member' }));
    expect((await within(move).findByRole('alert')).textContent).toBe('Committee is full.');
    expect(screen.getByRole('dialog', { name: 'Move Aisha Khan to another group' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === planGroupsPath).length).toBeGreaterThan(1));
  });

  it("puts the server's field error under the group", async () => {
    const { user, dialog } = await openMembers(
      detailsApi(),
      planGroups(groups),
      on('POST', movePath, () => ({ status: 400, body: { success: false, code: 'correction.otherPlan', message: 'A member can only move to a group of the same plan.', errors: { toGroupId: 'A member can only move to a group of the same plan.' } } })),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move Aisha Khan to another group' }));
    const move = await screen.findByRole('dialog', { name: 'Move Aisha Khan to another group' });
    const target = await within(move).findByLabelText('Move to group');
    await user.selectOptions(target, 'group-2');
    await user.type(within(move).getByLabelText('Reason'), 'Wants an earlier trip');
    await user.click(within(move).getByRole('button', { name: 'Move member' }));
    await waitFor(() => expect(target.getAttribute('aria-invalid')).toBe('true'));
    expect(within(move).getByText('A member can only move to a group of the same plan.')).toBeTruthy();
  });

  it('says when no group of the plan can take the member, and offers nothing to send', async () => {
    const { user, dialog } = await openMembers(detailsApi(), planGroups([groups[0], groups[2], groups[3]]));
    await user.click(within(dialog).getByRole('button', { name: 'Move Aisha Khan to another group' }));
    const move = await screen.findByRole('dialog', { name: 'Move Aisha Khan to another group' });
    expect(await within(move).findByText('No other active group of this plan has a free seat. Create one, or free a seat, first.')).toBeTruthy();
    expect(within(move).queryByLabelText('Move to group')).toBeNull();
    expect(within(move).queryByRole('button', { name: 'Move member' })).toBeNull();
    expect(within(move).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../../test/query-client.ts';
import { ApproveDialog, RejectDialog } from './review-dialogs.tsx';
import { fakeApi, type RecordedCall } from '../../../test/api-stub.ts';
import { makeGroup, makePayment, paymentAnswerOf, planGroupsAnswerOf } from './test-support.ts';
import { planRequestMessages } from '../../../../contract/plan-requests.ts';

afterEach(() => vi.restoreAllMocks());

const payment = makePayment();

function renderDialog(kind: 'approve' | 'reject', onOpenChange = vi.fn()) {
  const Dialog = kind === 'approve' ? ApproveDialog : RejectDialog;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Dialog payment={payment} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const groupsAnswer = planGroupsAnswerOf;
const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

describe('approve dialog', () => {
  it('requires the group number when the plan has no groups, and says a new group will be created', async () => {
    const calls = fakeApi((call) => (call.path === '/api/admin/groups/plan/plan-1' ? groupsAnswer([]) : undefined));
    const user = userEvent.setup();
    renderDialog('approve');
    expect(await screen.findByText('This plan has no groups yet. A new group will be created with the number you enter.')).toBeTruthy();
    expect(screen.queryByLabelText('Committee group')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));
    expect(await screen.findByText('Group number is required')).toBeTruthy();
    expect(screen.getByLabelText('Committee group number').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses a group number with other characters', async () => {
    const calls = fakeApi((call) => (call.path === '/api/admin/groups/plan/plan-1' ? groupsAnswer([]) : undefined));
    const user = userEvent.setup();
    renderDialog('approve');
    await user.type(await screen.findByLabelText('Committee group number'), 'A 1!');
    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));
    expect(await screen.findByText('Use letters, digits and dashes, such as 1, A1 or B2')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('offers one group choice when the plan has groups, each with its members and free places', async () => {
    const groups = [makeGroup(), makeGroup({ id: 'group-2', groupNumber: 'B2', currentMembers: 20, maxMembers: 20 })];
    const calls = fakeApi((call) => (call.path === '/api/admin/groups/plan/plan-1' ? groupsAnswer(groups) : undefined));
    const user = userEvent.setup();
    renderDialog('approve');
    const select = await screen.findByLabelText('Committee group');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a group',
      'Group 1: 3 of 20 members, 17 free',
      'Group B2: 20 of 20 members, 0 free',
    ]);
    // No second field that must agree with the choice.
    expect(screen.queryByLabelText('Committee group number')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));
    expect(await screen.findByText('Please select a group for this member.')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('warns of the past months a group that started before owes at once, as the server counts them', async () => {
    const groups = [makeGroup(), makeGroup({ id: 'group-2', groupNumber: 'B2', startDate: '2025-01-01', owedOnJoining: { count: 3, amount: 15000 } })];
    fakeApi((call) => (call.path === '/api/admin/groups/plan/plan-1' ? groupsAnswer(groups) : undefined));
    const user = userEvent.setup();
    renderDialog('approve');
    const select = await screen.findByLabelText('Committee group');
    await user.selectOptions(select, 'group-1');
    expect(screen.queryByText(/past months at once/)).toBeNull();
    await user.selectOptions(select, 'group-2');
    expect(screen.getByRole('status').textContent).toBe('Group B2 started in January 2025: Ayesha Khan will owe 3 past months at once, PKR 15,000.');
  });

  it("sends the chosen group with its number and says so", async () => {
    const groups = [makeGroup(), makeGroup({ id: 'group-2', groupNumber: 'B2' })];
    const calls = fakeApi((call) => {
      if (call.path === '/api/admin/groups/plan/plan-1') return groupsAnswer(groups);
      if (call.method === 'PUT' && call.path === `/api/plan-payments/${payment.id}/approve`) {
        const approved = makePayment({ status: 'PAID', approvedAt: '2025-03-02T10:00:00.000Z', groupId: 'group-2', group: { id: 'group-2', groupNumber: 'B2', plan: { name: 'Economy Umrah' } } });
        return paymentAnswerOf(approved, { message: planRequestMessages.approved('B2'), code: 'planRequest.approved' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog('approve');
    await user.selectOptions(await screen.findByLabelText('Committee group'), 'group-2');
    await user.type(screen.getByLabelText(/^Notes/), 'Checked with the bank');
    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));

    expect(await screen.findByText('Payment approved and user assigned to committee group B2 successfully')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ planId: 'plan-1', groupNumber: 'B2', groupId: 'group-2', notes: 'Checked with the bank' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's field error next to the field, and a conflict above the form", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { success: false, message: 'Please select a group for this member.', errors: { groupId: 'Please select a group for this member.' } },
    };
    fakeApi((call) => (call.path === '/api/admin/groups/plan/plan-1' ? groupsAnswer([]) : call.method === 'PUT' ? answer : undefined));
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog('approve');
    await user.type(await screen.findByLabelText('Committee group number'), 'A1');
    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));
    // No group field was shown (the plan had none when the dialog opened): the message still shows.
    expect((await screen.findByRole('alert')).textContent).toContain('Please select a group for this member.');

    answer = { status: 409, body: { success: false, message: 'Committee is full.' } };
    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Committee is full.');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows a server error on the group number next to that field', async () => {
    fakeApi((call) =>
      call.path === '/api/admin/groups/plan/plan-1'
        ? groupsAnswer([])
        : call.method === 'PUT'
          ? { status: 400, body: { success: false, message: 'This group number is already used in this plan.', errors: { groupNumber: 'This group number is already used in this plan.' } } }
          : undefined,
    );
    const user = userEvent.setup();
    renderDialog('approve');
    const input = await screen.findByLabelText('Committee group number');
    await user.type(input, 'A1');
    await user.click(screen.getByRole('button', { name: 'Approve & Assign' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This group number is already used in this plan.')).toBeTruthy();
  });
});

describe('reject dialog', () => {
  it('requires a rejection reason', async () => {
    const calls = fakeApi(() => undefined);
    const user = userEvent.setup();
    renderDialog('reject');
    await user.click(screen.getByRole('button', { name: 'Reject Payment' }));
    expect(await screen.findByText('Please provide a rejection reason')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the reason and says so', async () => {
    const calls = fakeApi((call) =>
      call.method === 'PUT' && call.path === `/api/plan-payments/${payment.id}/reject`
        ? paymentAnswerOf(makePayment({ status: 'REJECTED', rejectionReason: 'Receipt is unreadable' }), { message: planRequestMessages.rejected, code: 'planRequest.rejected' })
        : undefined,
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog('reject');
    await user.type(screen.getByLabelText('Rejection reason'), '  Receipt is unreadable ');
    await user.click(screen.getByRole('button', { name: 'Reject Payment' }));
    expect(await screen.findByText('Payment rejected successfully')).toBeTruthy();
    expect(calls[0].body).toEqual({ rejectionReason: 'Receipt is unreadable' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

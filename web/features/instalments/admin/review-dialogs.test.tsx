import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../../test/query-client.ts';
import { ApprovePaymentDialog, RejectPaymentDialog } from './review-dialogs.tsx';
import { fakeApi } from '../../../test/api-stub.ts';
import { makeInstalment, statusAnswer, writes } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const payment = makeInstalment();

function renderDialog(kind: 'approve' | 'reject') {
  const onOpenChange = vi.fn();
  const Dialog = kind === 'approve' ? ApprovePaymentDialog : RejectPaymentDialog;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Dialog payment={payment} open onOpenChange={onOpenChange} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

describe('reject payment dialog', () => {
  it('requires a reason before anything is sent', async () => {
    const calls = fakeApi(() => undefined);
    const user = userEvent.setup();
    renderDialog('reject');
    expect(screen.getByRole('dialog', { name: 'Reject Payment' })).toBeTruthy();
    expect(screen.getByText(/Ayesha Khan: PKR 5,000 for March 2026 \(payment 2c3d4e5f\)\./)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reject Payment' }));
    expect(await screen.findByText('Please provide a rejection reason')).toBeTruthy();
    expect(screen.getByLabelText('Rejection reason').getAttribute('aria-invalid')).toBe('true');

    // Spaces alone are no reason either.
    await user.type(screen.getByLabelText('Rejection reason'), '   ');
    await user.click(screen.getByRole('button', { name: 'Reject Payment' }));
    expect(screen.getByText('Please provide a rejection reason')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it("sends the reason and shows the server's message", async () => {
    const calls = fakeApi((call) =>
      call.method === 'PUT' && call.path === `/api/payments/${payment.id}/status`
        ? statusAnswer({ ...payment, status: 'REJECTED', reviewStatus: 'rejected', underReview: false, state: 'OWED', rejectionReason: 'Amount does not match' }, 'Payment rejected successfully')
        : undefined,
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog('reject');
    await user.type(screen.getByLabelText('Rejection reason'), 'Amount does not match');
    await user.click(screen.getByRole('button', { name: 'Reject Payment' }));

    expect(await screen.findByText('Payment rejected successfully')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ status: 'rejected', reason: 'Amount does not match' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's refusal and closes, so that the lists are read again", async () => {
    fakeApi((call) =>
      call.method === 'PUT' ? { status: 409, body: { success: false, message: 'This payment is already approved; only an undo with a reason reverses it.' } } : undefined,
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog('reject');
    await user.type(screen.getByLabelText('Rejection reason'), 'Blurry');
    await user.click(screen.getByRole('button', { name: 'Reject Payment' }));
    expect(await screen.findByText('This payment is already approved; only an undo with a reason reverses it.')).toBeTruthy();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

describe('approve payment dialog', () => {
  it('says approval is final here, then sends paid', async () => {
    const calls = fakeApi((call) => (call.method === 'PUT' ? statusAnswer({ ...payment, status: 'PAID', reviewStatus: 'approved', underReview: false, state: 'PAID' }, 'Payment paid successfully') : undefined));
    const user = userEvent.setup();
    renderDialog('approve');
    expect(screen.getByText('Approval is final here: undoing it later is a recorded correction, with a reason.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve Payment' }));
    expect(await screen.findByText('Payment paid successfully')).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({ path: `/api/payments/${payment.id}/status`, body: { status: 'paid' } });
  });

  it("falls back to 'Failed to update payment status' when the server gives no reason", async () => {
    fakeApi((call) => (call.method === 'PUT' ? { status: 500, body: { success: false, message: 'Server error. Please try again later.' } } : undefined));
    const user = userEvent.setup();
    renderDialog('approve');
    await user.click(screen.getByRole('button', { name: 'Approve Payment' }));
    expect(await screen.findByText('Failed to update payment status')).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../../test/render.tsx';
import type { PaymentView } from '../../../../contract/instalments.ts';
import { fakeApi } from '../../../test/api-stub.ts';
import { makePayment, paymentAnswerOf, planOptionsAnswer, planRequestsAnswerOf } from './test-support.ts';

afterEach(() => vi.restoreAllMocks());

const admin = fakeAuth({ user: makeUser({ id: 'admin-1', name: 'Bilal Admin', email: 'admin@example.com', role: 'ADMIN' }) });

function serveOne(payment: PaymentView) {
  return fakeApi((call) => {
    if (call.path === `/api/plan-payments/${payment.id}`) return paymentAnswerOf(payment);
    if (call.path === '/api/plan-payments') return planRequestsAnswerOf([]);
    if (call.path === '/api/committee-plans') return planOptionsAnswer();
    return undefined;
  });
}

describe('/admin/payment-detail/{paymentId}', () => {
  it('shows the payment, the member, the plan and the receipt of a pending request', async () => {
    const payment = makePayment({ user: { name: 'Usman Ali', email: 'usman@example.com', phone: null, cnic: null } });
    serveOne(payment);
    renderRoute(`/admin/payment-detail/${payment.id}`, admin);
    expect(await screen.findByRole('heading', { name: 'Payment Details', level: 1 })).toBeTruthy();
    expect(screen.getAllByText('Pending Review').length).toBeGreaterThan(0);
    expect(screen.getByText(payment.id)).toBeTruthy();

    const details = within(screen.getByRole('region', { name: 'Payment Information' }));
    expect(details.getByText('Payment reference').nextElementSibling?.textContent).toBe('W5AZ9CV');
    expect(details.getByText('Transfer date').nextElementSibling?.textContent).toBe('28 Feb 2025');
    expect(details.getByText('Transaction number').nextElementSibling?.textContent).toBe('HBL-IBFT-0042');

    const user = within(screen.getByRole('region', { name: 'User Information' }));
    expect(user.getByText('Usman Ali')).toBeTruthy();
    expect(user.getAllByText('Not provided')).toHaveLength(2);

    const plan = within(screen.getByRole('region', { name: 'Plan Information' }));
    expect(plan.getByText('30 months')).toBeTruthy();
    expect(plan.getByText('200')).toBeTruthy();

    const receipt = within(screen.getByRole('region', { name: 'Payment Receipt' }));
    expect(receipt.getByRole('link', { name: 'View Full Size' }).getAttribute('href')).toBe(payment.receiptImage);
    receipt.getByRole('img').dispatchEvent(new Event('error'));
    expect(await receipt.findByText('Receipt preview not available')).toBeTruthy();

    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('shows the assignment of an approved request and offers no actions', async () => {
    const payment = makePayment({
      status: 'PAID',
      approvedAt: '2025-03-02T10:00:00.000Z',
      group: { id: 'g1', groupNumber: 'A1', plan: { name: 'Economy Umrah' } },
      user: { name: 'Ayesha Khan', email: 'ayesha@example.com', phone: '03001234567', cnic: '3520212345671' },
    });
    serveOne(payment);
    renderRoute(`/admin/payment-detail/${payment.id}`, admin);
    const assignment = within(await screen.findByRole('region', { name: 'Group Assignment' }));
    expect(assignment.getByText('Group A1')).toBeTruthy();
    expect(screen.getByText('35202-1234567-1')).toBeTruthy();
    expect(screen.getByText('Approved Date')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('opens the reject dialog for a pending request', async () => {
    const payment = makePayment();
    serveOne(payment);
    const user = userEvent.setup();
    renderRoute(`/admin/payment-detail/${payment.id}`, admin);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Payment Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Payment' }));
    expect(await within(dialog).findByText('Please provide a rejection reason')).toBeTruthy();
  });

  it("says 'Payment Not Found' for an unknown id, with a way back", async () => {
    fakeApi(() => ({ status: 404, body: { success: false, message: 'Payment request not found.' } }));
    renderRoute('/admin/payment-detail/missing', admin);
    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Plan Requests' }).getAttribute('href')).toBe('/admin/plan-requests');
  });

  it('goes back to the list when the payment is answered in a shape the server does not promise', async () => {
    const payment = makePayment();
    fakeApi((call) =>
      call.path === `/api/plan-payments/${payment.id}`
        ? { body: { success: true, data: { payment } } }
        : call.path === '/api/plan-payments'
          ? planRequestsAnswerOf([])
          : planOptionsAnswer(),
    );
    const { router } = renderRoute(`/admin/payment-detail/${payment.id}`, admin);
    expect(await screen.findByText('Failed to load payment details')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/plan-requests'));
  });

  it('goes back to the list when the payment cannot be loaded', async () => {
    fakeApi((call) =>
      call.path === '/api/plan-payments/p1'
        ? { status: 403, body: { success: false, message: 'Access denied.' } }
        : call.path === '/api/plan-payments'
          ? planRequestsAnswerOf([])
          : planOptionsAnswer(),
    );
    const { router } = renderRoute('/admin/payment-detail/p1', admin);
    expect(await screen.findByText('Failed to load payment details')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/plan-requests'));
  });
});

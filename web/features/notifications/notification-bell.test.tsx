import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../test/query-client.ts';
import { stubGetRequests } from '../../test/api-stub.ts';
import { findLoadedTrigger } from '../../test/render.tsx';
import type { AppNotification } from './api.ts';
import { NotificationBell } from './notification-bell.tsx';
import { notificationListAnswerOf } from '../../test/notification-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const note = (overrides: Partial<AppNotification>): AppNotification => ({
  id: 'n-1',
  type: 'PLAN_REQUEST_NEW',
  title: 'New plan request',
  message: 'A member asked to join Gold Umrah Plan.',
  data: { paymentId: 'pay-1' },
  isRead: false,
  readAt: null,
  createdAt: '2026-03-12T10:00:00.000Z',
  ...overrides,
});

const notifications = [
  // Sent out of order: the bell lists the newest first.
  note({ id: 'n-old', title: 'Older receipt', type: 'INSTALMENT_SUBMITTED', isRead: true, createdAt: '2026-03-10T10:00:00.000Z' }),
  note({ id: 'n-new', title: 'New plan request', createdAt: '2026-03-12T10:00:00.000Z' }),
  note({ id: 'n-mid', title: 'New instalment receipt', type: 'INSTALMENT_SUBMITTED', createdAt: '2026-03-11T10:00:00.000Z' }),
];

function renderBell(linkFor?: (n: AppNotification) => string | undefined) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationBell linkFor={linkFor} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('NotificationBell', () => {
  it('beyond nine unread, its name says what its badge shows (9+), so the visible text is part of the name', async () => {
    stubGetRequests({ '/api/notifications': notificationListAnswerOf(notifications, 22) });
    renderBell();
    const bell = await findLoadedTrigger('Notifications, 9+ unread');
    expect(bell.textContent).toBe('9+');
  });

  it('says the unread count on the button and in the badge, and lists the newest first with the unread marked', async () => {
    const { refused, spy } = stubGetRequests({ '/api/notifications': notificationListAnswerOf(notifications, 2) });
    const user = userEvent.setup();
    renderBell();

    const bell = await findLoadedTrigger('Notifications, 2 unread');
    expect(bell.textContent).toBe('2');

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(within(panel).getByRole('list', { name: 'Latest notifications' })).getAllByRole('button');
    expect(items.map((item) => item.textContent?.replace(/(ago|yesterday|\d+ days? ago).*$/, ''))).toEqual([
      expect.stringMatching(/^Unread: New plan request/),
      expect.stringMatching(/^Unread: New instalment receipt/),
      expect.stringMatching(/^Older receipt/),
    ]);
    expect(within(panel).getByText('2 unread')).toBeTruthy();
    expect(refused).toEqual([]);
    // It asks for the newest 20.
    const url = new URL(String(spy.mock.calls[0][0]), 'http://localhost');
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it('is just "Notifications" with no badge when everything is read', async () => {
    const read = notifications.map((n) => ({ ...n, isRead: true }));
    stubGetRequests({ '/api/notifications': notificationListAnswerOf(read, 0) });
    const user = userEvent.setup();
    renderBell();
    const bell = await findLoadedTrigger('Notifications');
    await waitFor(() => expect(bell.textContent).toBe(''));
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect((within(panel).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Mark all as read' sends the change; a refusal puts the count back and says so", async () => {
    const { refused } = stubGetRequests({ '/api/notifications': notificationListAnswerOf(notifications, 2) });
    const user = userEvent.setup();
    renderBell();
    await user.click(await findLoadedTrigger('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(refused.map((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`)).toEqual(['PUT /api/notifications/read-all']));
    // Only reads are answered in these tests: the refused change is undone and said.
    expect(await screen.findByText('Failed to update notifications')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('opening an unread notification marks it read, and follows its link', async () => {
    const { refused } = stubGetRequests({ '/api/notifications': notificationListAnswerOf(notifications, 2) });
    const user = userEvent.setup();
    renderBell((n) => (n.type === 'PLAN_REQUEST_NEW' ? `/admin/payment-detail/${String(n.data.paymentId)}` : undefined));
    await user.click(await findLoadedTrigger('Notifications, 2 unread'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });

    const link = within(panel).getByRole('link', { name: /New plan request/ });
    expect(link.getAttribute('href')).toBe('/admin/payment-detail/pay-1');
    await user.click(link);
    await waitFor(() => expect(refused.map((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}`)).toEqual(['PUT /api/notifications/n-new/read']));
    // The list closes on the way to the page.
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });
});

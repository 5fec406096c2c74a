/**
 * The header's account menu and notification list are fetched on first use (member-header.tsx,
 * notification-bell.tsx). Here their code is held back until a test lets it through, as on a slow
 * connection: the first press still opens them once the code has arrived, with focus where it would
 * have gone, and nothing about the buttons changes meanwhile.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubGetRequests } from '../../test/api-stub.ts';
import { renderMemberHeader } from './test-support.tsx';
import { notificationListAnswerOf, planApprovedNotification } from '../../test/notification-fixtures.ts';

const held = vi.hoisted(() => {
  const gate = () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  return { menu: gate(), popover: gate() };
});
vi.mock('./account-menu.tsx', async (importOriginal) => {
  await held.menu.opened;
  return importOriginal();
});
vi.mock('../notifications/notification-popover.tsx', async (importOriginal) => {
  await held.popover.opened;
  return importOriginal();
});

const notification = planApprovedNotification;

beforeEach(() => {
  stubGetRequests({ '/api/notifications': notificationListAnswerOf([notification], 1) });
});
afterEach(() => vi.restoreAllMocks());


const avatar = () => screen.getByRole('button', { name: /^Open account menu \(/ });

describe('the header before its menus have arrived', () => {
  it('opens the account menu on the first press once its code is here, and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    const view = renderMemberHeader();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const layout = view.baseElement.innerHTML;
    expect(avatar().getAttribute('aria-haspopup')).toBe('menu');
    expect(avatar().getAttribute('aria-expanded')).toBe('false');

    await user.click(avatar());
    // Asked for: the button says so at once; the menu follows with its code.
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('menu')).toBeNull();

    held.menu.open();
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ayesha Khan')).toBeTruthy();
    expect(within(menu).getByText('ayesha@example.com')).toBeTruthy();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Logout']);
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    expect(avatar().getAttribute('aria-controls')).toBe(menu.id);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(avatar());
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
    // The same header as before the menu's code came: nothing moved.
    expect(view.baseElement.innerHTML.replace(/ (id|aria-controls|data-state|data-stand-in)="[^"]*"/g, '')).toBe(layout.replace(/ (id|aria-controls|data-state|data-stand-in)="[^"]*"/g, ''));
  });

  it('asks before logging out from the menu, with focus in the dialog', async () => {
    held.menu.open();
    const user = userEvent.setup();
    renderMemberHeader();
    await user.click(avatar());
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText('Are you sure you want to log out of your account?')).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the notifications on the first click once their code is here, and closes them on Escape', async () => {
    const user = userEvent.setup();
    renderMemberHeader();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('aria-haspopup')).toBe('dialog');
    expect(bell.textContent).toBe('1');

    await user.click(bell);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    held.popover.open();
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('Plan request approved')).toBeTruthy();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
  });
});

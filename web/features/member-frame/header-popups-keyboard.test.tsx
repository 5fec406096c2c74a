/**
 * The header's menus from the keyboard while their code is still on its way (member-header.tsx,
 * notification-bell.tsx): a key that opens the account menu opens it once the code has arrived, with
 * its first item focused as Radix does for the keyboard; a button that has focus keeps it when the real
 * one takes its place.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubGetRequests } from '../../test/api-stub.ts';
import { renderMemberHeader } from './test-support.tsx';
import { notificationListAnswerOf } from '../../test/notification-fixtures.ts';

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

beforeEach(() => {
  stubGetRequests({ '/api/notifications': notificationListAnswerOf() });
});
afterEach(() => vi.restoreAllMocks());


const avatar = () => screen.getByRole('button', { name: /^Open account menu \(/ });
const bell = () => screen.getByRole('button', { name: 'Notifications' });

describe('the header from the keyboard, before its menus have arrived', () => {
  it('opens the account menu with Enter, its first item focused, and the arrow keys and Escape work', async () => {
    const user = userEvent.setup();
    renderMemberHeader();
    avatar().focus();
    await user.keyboard('{Enter}');
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('menu')).toBeNull();

    held.menu.open();
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    expect(items[0].textContent).toBe('Profile');

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    expect(items[1].textContent).toBe('Logout');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(avatar());

    // Once here, the menu's own trigger answers the keys.
    await user.keyboard('{ArrowDown}');
    const again = await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(within(again).getAllByRole('menuitem')[0]));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(avatar()));
  });

  it('keeps focus on the bell when its real button takes the place of the stand-in, which then opens with Enter', async () => {
    const user = userEvent.setup();
    renderMemberHeader();
    bell().focus();
    const standIn = bell();
    held.popover.open();
    await waitFor(() => expect(bell()).not.toBe(standIn));
    expect(document.activeElement).toBe(bell());

    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('No notifications yet')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(bell());
  });
});

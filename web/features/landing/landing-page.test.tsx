import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, makeUser, renderRoute } from '../../test/render.tsx';

describe('landing page', () => {
  it('shows the promises, statistics and the ways in', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    for (const value of ['10,000+', 'PKR 50M+', '500+', '99.9%']) expect(screen.getByText(value)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10); // six features, four steps
    expect(document.title).toBe('Umrah Committee – Interest-free savings committees for Umrah');
  });

  it('opens and closes the mobile menu from the keyboard-reachable button', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('landing-mobile-menu')!;
    expect(menu.hidden).toBe(false);
    expect(within(menu).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/register');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('landing page for someone signed in', () => {
  it('offers a member the way to their dashboard instead of Sign In and Get Started', async () => {
    renderRoute('/', fakeAuth({ user: makeUser() }));
    const header = within(await screen.findByRole('banner'));
    // The header's own and the phone menu's (hidden until opened).
    const links = header.getAllByRole('link', { name: 'My Dashboard', hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/dashboard', '/dashboard']);
    expect(header.queryByRole('link', { name: 'Sign In', hidden: true })).toBeNull();
    expect(header.queryByRole('link', { name: 'Get Started', hidden: true })).toBeNull();
  });

  it('offers an admin the admin dashboard', async () => {
    renderRoute('/', fakeAuth({ user: makeUser({ role: 'ADMIN' }) }));
    const header = within(await screen.findByRole('banner'));
    expect(header.getAllByRole('link', { name: 'Admin Dashboard' })[0].getAttribute('href')).toBe('/admin');
  });

  it('shows a visitor Sign In and Get Started', async () => {
    renderRoute('/');
    const header = within(await screen.findByRole('banner'));
    expect(header.getAllByRole('link', { name: 'Sign In' })[0].getAttribute('href')).toBe('/login');
    expect(header.queryByRole('link', { name: 'My Dashboard' })).toBeNull();
  });
});

/** The theme toggle in the theme provider: the saved choice first, then the system preference. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../lib/i18n.ts';
import { storageKeys } from '../lib/storage-keys.ts';
import { ThemeProvider } from '../lib/theme.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function preferDarkSystem(prefersDark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('dark') ? prefersDark : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ThemeProvider', () => {
  it('applies the saved theme even when the system prefers the other one', () => {
    preferDarkSystem(true);
    window.localStorage.setItem(storageKeys.theme, 'light');
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });

  it('starts from the system preference and saves the toggled choice', async () => {
    preferDarkSystem(true);
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(window.localStorage.getItem(storageKeys.theme)).toBe('light');
  });
});

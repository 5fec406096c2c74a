import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/toast.ts';
import { AppProviders } from './providers.tsx';

// sonner's <Toaster> is a region labelled "Notifications" followed by its keyboard shortcut.
const toaster = () => document.querySelector('section[aria-label^="Notifications"]');

describe('AppProviders: the toaster', () => {
  it('is not loaded with the first screen, and shows a toast asked for before anyone has touched the page', async () => {
    render(
      <AppProviders>
        <p>Page</p>
      </AppProviders>,
    );
    expect(screen.getByText('Page')).toBeTruthy();
    // Longer than the browser's idle wait: no one has touched the page and no toast was asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(toaster()).toBeNull();

    act(() => notify.success('Receipt uploaded'));
    await waitFor(() => expect(screen.getByText('Receipt uploaded')).toBeTruthy());
    expect(toaster()).not.toBeNull();
  });
});

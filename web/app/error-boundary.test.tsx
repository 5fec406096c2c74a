import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './error-boundary.tsx';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('render failed');
  return <p>All good</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('shows the fallback screen, and Try Again renders the page afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error.
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText("We're sorry, but something unexpected happened. Please try refreshing the page.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeTruthy();
  });
});

describe('ErrorBoundary with a reset key', () => {
  it('renders the children afresh when the key changes (the pages, on another address)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    const { rerender } = render(
      <ErrorBoundary resetKey="/dashboard">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    shouldThrow = false;
    rerender(
      <ErrorBoundary resetKey="/dashboard">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    rerender(
      <ErrorBoundary resetKey="/profile">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
  });
});

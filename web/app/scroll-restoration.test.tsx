import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ScrollRestoration } from './scroll-restoration.tsx';

afterEach(() => vi.restoreAllMocks());

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollRestoration', () => {
  it('opens a new page at its top and returns to the position on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '*', element: <ScrollRestoration /> }], { initialEntries: ['/dashboard'] });
    render(<RouterProvider router={router} />);

    scrollWindowTo(420);
    await act(() => router.navigate('/profile'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollWindowTo(80);
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);

    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 80);
  });
});

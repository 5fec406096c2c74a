import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule, usePrefetchOnceInUse } from './lazy-module.ts';

describe('usePrefetchOnceInUse', () => {
  it('fetches nothing while the page is only shown, and fetches the modules once the person starts to use it', async () => {
    const importer = vi.fn(() => Promise.resolve({ Dialog: 'dialog' }));
    const modules = [lazyModule(importer)];
    renderHook(() => usePrefetchOnceInUse(modules, 50));
    // Longer than the browser's idle wait: still nothing, because no one has touched the page.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(importer).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointerdown'));
    await waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    expect(modules[0].current).toEqual({ Dialog: 'dialog' });
  });

  it('once the page is in use, fetches the modules of what shows later without waiting for another touch', async () => {
    const importer = vi.fn(() => Promise.resolve({}));
    renderHook(() => usePrefetchOnceInUse([lazyModule(importer)], 50));
    await waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
  });
});

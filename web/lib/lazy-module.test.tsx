import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule, useLazyModule, usePrefetchOnceInUse } from './lazy-module.ts';

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

describe('useLazyModule', () => {
  it('fetches what is needed once the screen that asks for it has been painted, not while it is being drawn', async () => {
    const { frames, restore } = holdFrames();
    try {
      const importer = vi.fn(() => Promise.resolve({ Panel: 'panel' }));
      const module = lazyModule(importer);
      const { result } = renderHook(() => useLazyModule(module, true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(importer).not.toHaveBeenCalled();
      expect(frames.size).toBe(1);

      // The frame is painted; the module is fetched when the browser is next idle.
      frames.get(1)?.(performance.now());
      await waitFor(() => expect(result.current).toEqual({ Panel: 'panel' }));
      expect(importer).toHaveBeenCalledTimes(1);
    } finally {
      restore();
    }
  });

  it('fetches nothing when the screen no longer needs it by the time it is painted', async () => {
    const { frames, restore } = holdFrames();
    try {
      const importer = vi.fn(() => Promise.resolve({}));
      const module = lazyModule(importer);
      const { rerender } = renderHook(({ needed }) => useLazyModule(module, needed), { initialProps: { needed: true } });
      rerender({ needed: false });
      frames.forEach((frame) => frame(performance.now()));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(importer).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });
});

/** Frames the test paints itself: the callbacks asked for, by id, until they are cancelled. */
function holdFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let next = 0;
  const request = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(++next, callback);
    return next;
  });
  const cancel = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.delete(id));
  return {
    frames,
    restore() {
      request.mockRestore();
      cancel.mockRestore();
    },
  };
}

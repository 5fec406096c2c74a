/**
 * Code that a page shows only once the person asks for it (a menu, a popover, a dialog) is fetched on
 * first use rather than with the page: the page's first load stays small, and the module is usually
 * already here by the time it is needed, because it is fetched ahead when the pointer rests on its
 * trigger, when the trigger gets focus, or once the person has started to use the page.
 */
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface LazyModule<M> {
  /** Fetches the module once; a failed download (a network blip) is tried again on the next call. */
  load(): Promise<M>;
  /** The module once it has loaded, so that later renders use it at once, without waiting. */
  readonly current: M | undefined;
  /** Calls `listener` when the module has loaded; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | undefined;
  let current: M | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          current = module;
          listeners.forEach((listener) => listener());
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get current() {
      return current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Starts the download and ignores a failure: the next use tries again (and a page shows its own error). */
export function prefetch(module: LazyModule<unknown>): void {
  module.load().catch(() => {});
}

/**
 * The module once it has arrived. What it draws then comes in a transition: React builds it in slices
 * of a few milliseconds, where a panel's first drawing held a phone's main thread for a tenth of a
 * second in one piece (docs/performance-history.md).
 */
function useArrived<M>(module: LazyModule<M>): M | undefined {
  const [, setArrivals] = useState(0);
  const current = module.current;
  useEffect(() => {
    const redraw = () => startTransition(() => setArrivals((count) => count + 1));
    const unsubscribe = module.subscribe(redraw);
    // It may have arrived between this render and now.
    if (module.current !== current) redraw();
    return unsubscribe;
  }, [module, current]);
  return current;
}

/**
 * The module once it has loaded, `undefined` until then; fetched once `needed` is true (the thing was
 * asked for before its code was here) and the screen that asks for it has been painted. Re-renders
 * when the module arrives, whoever fetched it.
 */
export function useLazyModule<M>(module: LazyModule<M>, needed = false): M | undefined {
  const loaded = useArrived(module);
  useEffect(() => {
    if (needed && !loaded) return afterNextPaint(() => prefetch(module));
  }, [module, needed, loaded]);
  return loaded;
}

/**
 * Runs `task` once the browser has painted what is on screen now; returns the cancel function. What is
 * fetched only after the screen that asked for it is painted does not hold that screen back: on a
 * phone, a module arriving before the paint was compiled and drawn first, and the page showed later.
 */
function afterNextPaint(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  // A frame's callbacks run just before its paint; the browser is idle once that paint is done.
  const frame = requestAnimationFrame(() => {
    cancelIdle = whenIdle(task, 200);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelIdle?.();
  };
}

/**
 * False for the first drawing of the component, true once that drawing has been painted: what a
 * screen shows below its first view can come a frame later, so that the first view is drawn and
 * painted in less time. The second drawing is a transition (built in slices).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * Runs `task` when the browser is next idle, at the latest after `timeoutMs` (after a short wait where
 * the browser cannot tell, as Safari); returns the cancel function.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(200, timeoutMs));
  return () => window.clearTimeout(id);
}

/** What tells that the person has started to use the page: a touch, a click, a key, the mouse, a scroll. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

const firstUse = new Promise<void>((resolve) => {
  const used = () => {
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, used, { capture: true });
    resolve();
  };
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, used, { capture: true, passive: true });
});

/** Settles at the person's first use of the page (once for the whole app). */
export function whenFirstUsed(): Promise<void> {
  return firstUse;
}

/**
 * Fetches these modules once the person has started to use the page, when the browser is next idle
 * (at the latest `timeoutMs` after that first use). Not before: on a slow phone the first screen gets
 * the processor to itself, and code for what may never be opened waits. Give it an array made once (a
 * module-level constant), not one made at each render.
 */
export function usePrefetchOnceInUse(modules: readonly LazyModule<unknown>[], timeoutMs = 3_000): void {
  useEffect(() => {
    if (modules.every((module) => module.current)) return;
    let cancel: (() => void) | undefined;
    let unmounted = false;
    void firstUse.then(() => {
      if (!unmounted) cancel = whenIdle(() => modules.forEach(prefetch), timeoutMs);
    });
    return () => {
      unmounted = true;
      cancel?.();
    };
  }, [modules, timeoutMs]);
}

/**
 * For a trigger that stands in for the real one until the module arrives: the same button, drawn the
 * same, then replaced by the module's (which carries the menu's or popover's own wiring). Give
 * `triggerRef` to both; if the stand-in had focus when the module arrived, the real trigger takes it
 * over, so a keyboard user is not sent back to the top of the page. The stand-in carries
 * `data-stand-in`, so that a test can wait for the real trigger.
 */
export function useLazyTrigger<M>(module: LazyModule<M>, needed = false): { loaded: M | undefined; triggerRef: RefObject<HTMLButtonElement | null> } {
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const handOver = useRef(false);
  useEffect(
    () =>
      module.subscribe(() => {
        // Called before the re-render that swaps the buttons, while the stand-in is still in place.
        handOver.current = triggerRef.current !== null && document.activeElement === triggerRef.current;
      }),
    [module],
  );
  const loaded = useLazyModule(module, needed);
  useLayoutEffect(() => {
    if (!loaded || !handOver.current) return;
    handOver.current = false;
    triggerRef.current?.focus();
  }, [loaded]);
  return { loaded, triggerRef };
}

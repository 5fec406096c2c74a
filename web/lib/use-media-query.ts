/**
 * Whether a media query matches, following changes. Lists are tables on wide screens and cards on
 * phones, and only one of the two is rendered, so that every control and text exists once (for
 * keyboards, screen readers and tests alike).
 */
import { useSyncExternalStore } from 'react';

/** Wide enough, next to the sidebar, for a table of seven columns. */
export const WIDE_QUERY = '(min-width: 1280px)';

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

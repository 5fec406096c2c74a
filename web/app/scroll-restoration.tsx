/**
 * Where the window stands after a navigation, as React Router's <ScrollRestoration> does it (which needs
 * the data router, decision 036): a new page opens at its top, or at the element its #hash names, and
 * Back and Forward return to where the person was on that entry, also after the tab is reloaded.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** React Router's own key: the positions kept before the change still apply. */
const STORAGE_KEY = 'react-router-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The window's position on each history entry (by location key), from earlier in this tab too. */
const positions = readPositions();

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Kept as the person scrolls rather than read when they leave: by the time a navigation is committed
  // the next page has replaced this one, and the window's position is no longer this entry's.
  const shownKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => {
      positions[shownKey.current] = window.scrollY;
    };
    // Leaving the page (or reloading it): the browser restores nothing itself, the positions are kept for the tab.
    const leave = () => {
      keep();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: Back after a reload opens at the top.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', keep, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', keep);
      window.removeEventListener('pagehide', leave);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = navigationType === 'POP' ? positions[location.key] : undefined;
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: the page opens at its top.
      }
    }
    window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}

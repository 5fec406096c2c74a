/**
 * Component-test setup: the real English catalogue (tests assert the texts users read), a clean
 * DOM and clean storage between tests.
 */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import '../lib/i18n.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
});

/**
 * Component-test setup: the real English catalogue (tests assert the texts users read), a clean
 * DOM and clean storage between tests.
 */
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../lib/i18n.ts';
// Admin pages are rendered alone in component tests, without the admin area's entry point.
import '../features/admin/catalogue.ts';
import { refuseAllRequests } from './api-stub.ts';

// The admin pages load lazily; on a busy two-core machine that can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

// No test reaches a network: a page's calls are refused until the test stubs the ones it needs.
beforeEach(() => {
  refuseAllRequests();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
});

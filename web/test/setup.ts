/**
 * Component-test setup: the real English catalogue (tests assert the texts users read), a clean
 * DOM and clean storage between tests.
 */
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../lib/i18n.ts';
// Admin pages are rendered alone in component tests, without the admin area's entry point: its texts,
// with the profile page's that the entry point brings too.
import '../features/admin-frame/catalogue.ts';
import '../features/profile/admin/catalogue.ts';
import { refuseAllRequests } from './api-stub.ts';
import { XhrOverFetch } from './xhr-over-fetch.ts';

// The admin pages load lazily; on a busy two-core machine that can take more than the default second.
configure({ asyncUtilTimeout: 10_000 });

// No test reaches a network: a page's calls are refused until the test stubs the ones it needs
// (uploads with progress too: their XMLHttpRequest is carried by the stubbed fetch).
beforeEach(() => {
  refuseAllRequests();
  globalThis.XMLHttpRequest = XhrOverFetch as unknown as typeof XMLHttpRequest;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
});

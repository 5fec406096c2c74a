/**
 * Test-only: the app's own server-state settings (no retries, the same stale time), for a screen
 * rendered alone with its own QueryClientProvider.
 */
export { createQueryClient } from '../app/providers.tsx';

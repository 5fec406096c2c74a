/**
 * Toast helpers with the specification's durations (member document §9): success, info and
 * warning stay 5 s, errors 7 s (longer, because they ask the reader to do something).
 * The <Toaster> shows one toast at a time.
 *
 * The toast library is fetched on the first toast, not with the first page: a toast always follows
 * something the person did, and the <Toaster> (app/providers.tsx) shows toasts created before it
 * was mounted.
 */
import type { ExternalToast } from 'sonner';

export const TOAST_DURATION_MS = 5_000;
export const ERROR_TOAST_DURATION_MS = 7_000;

type Kind = 'success' | 'info' | 'warning' | 'error';

/** Whether a toast has been asked for yet, and who waits for the first (app/providers.tsx). */
let toastRequested = false;
const toastListeners = new Set<() => void>();

/** Shows a toast of this kind, with its description and duration (the admin's longer notices). */
export function showToast(kind: Kind, message: string, options: ExternalToast = {}): void {
  const duration = kind === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS;
  toastRequested = true;
  toastListeners.forEach((listener) => listener());
  void import('sonner').then(({ toast }) => toast[kind](message, { duration, ...options }));
}

/**
 * Calls `listener` once a toast has been asked for (at once if one already has); returns the
 * unsubscribe function. The <Toaster> (app/providers.tsx) is mounted then at the latest.
 */
export function whenToastRequested(listener: () => void): () => void {
  if (toastRequested) {
    listener();
    return () => {};
  }
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

export const notify = {
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
  warning: (message: string) => showToast('warning', message),
  error: (message: string) => showToast('error', message),
};

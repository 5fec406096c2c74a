/**
 * Toast helpers with the specification's durations (member document §9): success, info and
 * warning stay 5 s, errors 7 s (longer, because they ask the reader to do something).
 * The <Toaster> shows one toast at a time.
 */
import { toast } from 'sonner';

export const TOAST_DURATION_MS = 5_000;
export const ERROR_TOAST_DURATION_MS = 7_000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  info: (message: string) => toast.info(message, { duration: TOAST_DURATION_MS }),
  warning: (message: string) => toast.warning(message, { duration: TOAST_DURATION_MS }),
  error: (message: string) => toast.error(message, { duration: ERROR_TOAST_DURATION_MS }),
};

import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { isOffline } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { ThemeProvider, useTheme } from '../lib/theme.tsx';
import { whenFirstUsed, whenIdle } from '../lib/lazy-module.ts';
import { whenToastRequested } from '../lib/toast.ts';

export function createQueryClient(): QueryClient {
  // Reads wait while the device is offline, from the start (the cache otherwise assumes a network until
  // told), and are made once it is back; the dashboard shows its kept figures meanwhile.
  onlineManager.setOnline(!isOffline());
  return new QueryClient({
    defaultOptions: {
      // The API client already retries what is worth retrying (lib/api-client.ts).
      queries: { retry: false, staleTime: 30_000 },
      // A change is never held back to be sent later, unseen, when the network returns: offline, the
      // API client refuses it at once, and the screen says so.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Everything the pages rely on: server state, theme, session, text direction and toasts. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <DirectionProvider>
            {children}
            <AppToaster />
          </DirectionProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Radix menus and tabs follow the active language's direction for their arrow keys. */
function DirectionProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <Direction.Provider dir={i18n.dir()}>{children}</Direction.Provider>;
}

/**
 * The toast library is not part of the first load: pages that show toasts import it themselves
 * (lib/toast.ts), and the <Toaster> that displays them is loaded at the first toast, or once the
 * browser is idle after the person has started to use the page (a toast mostly follows something they
 * did). Not before: on a phone, the first screen gets the network and the processor to itself. A toast
 * created before the <Toaster> is mounted is still shown: sonner replays the active toasts to a
 * <Toaster> when it subscribes.
 */
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function useToasterWanted(timeoutMs: number): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    let done = false;
    const want = () => {
      done = true;
      setWanted(true);
    };
    const stopWaiting = whenToastRequested(want);
    void whenFirstUsed().then(() => {
      if (!done) cancelIdle = whenIdle(want, timeoutMs);
    });
    return () => {
      done = true;
      stopWaiting();
      cancelIdle?.();
    };
  }, [timeoutMs]);
  return wanted;
}

/**
 * One toast at a time (member document §9), at the bottom right, full width at the bottom on phones:
 * at the top it would cover the header's menu button, in the middle a form's fields.
 */
function AppToaster() {
  const { theme } = useTheme();
  const { i18n } = useTranslation();
  const wanted = useToasterWanted(2_000);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position="bottom-right" theme={theme} dir={i18n.dir()} richColors closeButton />
    </Suspense>
  );
}

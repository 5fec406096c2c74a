/**
 * Registers the installed app's service worker (web/sw.ts, built as /sw.js) once the page has loaded:
 * nothing of it competes with the first screen.
 *
 * A new version's worker takes over as soon as it is installed (decision 055). A page that was
 * running under the old one then reloads itself, once, so it never mixes its old code with the new
 * version's files; the first worker a page gets (no worker before) changes nothing and reloads nothing.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    const container = navigator.serviceWorker;
    const hadWorker = Boolean(container.controller);
    let reloading = false;
    container.addEventListener('controllerchange', () => {
      if (!hadWorker || reloading) return;
      reloading = true;
      window.location.reload();
    });
    // Refused where workers cannot run (a plain-http address other than localhost, a blocked browser): the app works as before.
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

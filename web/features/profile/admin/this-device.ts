/**
 * Push on this browser: whether it can receive it, its subscription at its push service, and making or
 * ending one. The service worker that shows the messages is the app's own (registered at start); a
 * browser without one, or without the Push API, cannot be subscribed.
 */
export type PushSupport = 'supported' | 'unsupported' | 'blocked';

export function pushSupport(): PushSupport {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window.PushManager === 'undefined' || typeof window.Notification === 'undefined') {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : 'supported';
}

/** The app's service worker, once it is active; none when the app registered none. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!(await navigator.serviceWorker.getRegistration())) return undefined;
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  return (await registration())?.pushManager.getSubscription() ?? null;
}

export class PushUnavailableError extends Error {}

/** The key in the bytes the Push API takes it in (the server gives it in base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Asks the browser (and the person, the first time) for a subscription; its JSON is what the server keeps. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const worker = await registration();
  if (!worker) throw new PushUnavailableError('no service worker');
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return subscription.toJSON();
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerAfterLoad } from './service-worker.ts';

/** The page's service worker container, as far as the registration uses it. */
function fakeContainer(controller: object | null) {
  const listeners: (() => void)[] = [];
  const container = {
    controller,
    register: vi.fn(async () => ({})),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'controllerchange') listeners.push(listener);
    },
    /** A new worker takes control of the page. */
    changeController: () => listeners.forEach((listener) => listener()),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

describe('the service worker registration', () => {
  it('registers /sw.js for the whole app once the page has loaded', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const container = fakeContainer(null);
    registerServiceWorkerAfterLoad();
    expect(container.register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('reloads a page of the old version once when a new version takes over', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const container = fakeContainer({ scriptURL: '/sw.js' });
    registerServiceWorkerAfterLoad();
    container.changeController();
    container.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads nothing when the page gets its first worker: it is already the version's page", () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const container = fakeContainer(null);
    registerServiceWorkerAfterLoad();
    container.changeController();
    expect(reload).not.toHaveBeenCalled();
  });
});

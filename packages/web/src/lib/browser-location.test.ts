import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A window with just what the store touches: an address, a history that moves it, popstate listeners. */
function fakeWindow(start: string) {
  const url = new URL(start, 'http://parley.test');
  const popListeners = new Set<() => void>();
  const moveTo = (to: string) => {
    const next = new URL(to, url);
    url.pathname = next.pathname;
    url.search = next.search;
    url.hash = next.hash;
  };
  const win = {
    location: {
      get pathname() {
        return url.pathname;
      },
      get search() {
        return url.search;
      },
      get hash() {
        return url.hash;
      },
    },
    history: {
      pushState: vi.fn((_state: unknown, _title: string, to: string) => moveTo(to)),
      replaceState: vi.fn((_state: unknown, _title: string, to: string) => moveTo(to)),
    },
    addEventListener: (type: string, fn: () => void) => type === 'popstate' && popListeners.add(fn),
    removeEventListener: (type: string, fn: () => void) => type === 'popstate' && popListeners.delete(fn),
  };
  vi.stubGlobal('window', win);
  return {
    win,
    popListeners,
    /** The back button: the browser moves the address, then fires popstate. */
    back(to: string) {
      moveTo(to);
      for (const fn of [...popListeners]) fn();
    },
    /** A history change made by someone else (react-router), which fires nothing. */
    elsewhere: moveTo,
  };
}

// The store keeps module state (the last address seen): each test gets a fresh copy.
async function freshStore() {
  vi.resetModules();
  return import('./browser-location');
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('browser location store', () => {
  it('reads the address and gives the same object until it changes', async () => {
    fakeWindow('/login?error=auth_failed#x');
    const store = await freshStore();
    const first = store.getBrowserLocation();
    expect(first).toEqual({ pathname: '/login', search: '?error=auth_failed', hash: '#x' });
    expect(store.getBrowserLocation()).toBe(first);
  });

  it('pushes a history entry and tells listeners; replace replaces instead', async () => {
    const { win } = fakeWindow('/login');
    const store = await freshStore();
    const seen: string[] = [];
    store.subscribeBrowserLocation(() => seen.push(store.getBrowserLocation().pathname));
    store.navigateBrowser('/register');
    expect(win.history.pushState).toHaveBeenCalledWith(null, '', '/register');
    store.navigateBrowser('/c/new', { replace: true });
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/c/new');
    expect(seen).toEqual(['/register', '/c/new']);
  });

  it('follows the back button through popstate, and stops listening once nobody subscribes', async () => {
    const browser = fakeWindow('/register');
    const store = await freshStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribeBrowserLocation(listener);
    browser.back('/login');
    expect(store.getBrowserLocation().pathname).toBe('/login');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(browser.popListeners.size).toBe(0);
  });

  it('sees a history change made elsewhere only when told to look, and only when the address moved', async () => {
    const browser = fakeWindow('/c/new');
    const store = await freshStore();
    const listener = vi.fn();
    store.getBrowserLocation();
    store.subscribeBrowserLocation(listener);
    store.syncBrowserLocation();
    expect(listener).not.toHaveBeenCalled();
    browser.elsewhere('/login');
    expect(store.getBrowserLocation().pathname).toBe('/c/new');
    store.syncBrowserLocation();
    expect(store.getBrowserLocation().pathname).toBe('/login');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses anything but a same-origin path', async () => {
    const { win } = fakeWindow('/login');
    const store = await freshStore();
    for (const to of ['https://evil.test/', '//evil.test/c/new', 'javascript:alert(1)', 'c/new', '']) {
      expect(() => store.navigateBrowser(to)).toThrow(/same-origin/);
    }
    expect(win.history.pushState).not.toHaveBeenCalled();
  });
});

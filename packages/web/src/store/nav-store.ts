import { create } from 'zustand';
import { MOBILE_MEDIA } from '../lib/breakpoints';
import { hasLocal, readLocal, writeLocal } from '../lib/local-storage';
import { initialNavVisible } from './nav-store-rules';

/** Sidebar visibility: persisted as navVisible; toggling clears newUser (default true). */
interface NavState {
  navVisible: boolean;
  newUser: boolean;
  setNavVisible: (visible: boolean) => void;
  toggleNav: () => void;
}

export const MOBILE_QUERY = MOBILE_MEDIA;

function loadNavVisible(): boolean {
  const stored = hasLocal('navVisible') ? readLocal<boolean>('navVisible', true) : null;
  const mobile = typeof window !== 'undefined' && window.matchMedia(MOBILE_QUERY).matches;
  const { visible, persist } = initialNavVisible(stored, mobile);
  if (persist) writeLocal('navVisible', visible);
  return visible;
}

export const useNav = create<NavState>((set, get) => ({
  navVisible: loadNavVisible(),
  newUser: readLocal('newUser', true),
  setNavVisible: (visible) => {
    writeLocal('navVisible', visible);
    writeLocal('newUser', false);
    set({ navVisible: visible, newUser: false });
  },
  toggleNav: () => get().setNavVisible(!get().navVisible),
}));

import type { Banner } from '@parley/schema';
import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';

/**
 * Inside its display window? (The schema package has the same rule next to its zod schema; this
 * copy keeps zod out of the first page's bundle.)
 */
export function inDisplayWindow(
  banner: Pick<Banner, 'displayFrom' | 'displayTo'>,
  now: number = Date.now(),
): boolean {
  if (new Date(banner.displayFrom).getTime() > now) return false;
  return banner.displayTo === null || new Date(banner.displayTo).getTime() > now;
}

const DISMISSED_KEY = 'dismissedBanners';

interface DismissedState {
  ids: string[];
  dismiss: (id: string) => void;
}

/** Dismissed banner ids, remembered in localStorage so a dismissed banner stays hidden. */
export const useDismissedBanners = create<DismissedState>((set, get) => ({
  ids: readLocal<string[]>(DISMISSED_KEY, []),
  dismiss: (id) => {
    const ids = [...get().ids.filter((x) => x !== id), id].slice(-50);
    writeLocal(DISMISSED_KEY, ids);
    set({ ids });
  },
}));

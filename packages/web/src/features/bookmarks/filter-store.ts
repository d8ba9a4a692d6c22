import { create } from 'zustand';

/** The bookmarks the sidebar list is filtered by (any of them matches). */
interface FilterState {
  selected: string[];
  toggle: (tag: string) => void;
  rename: (from: string, to: string) => void;
  clear: () => void;
}

export function toggled(list: string[], tag: string): string[] {
  return list.includes(tag) ? list.filter((t) => t !== tag) : [...list, tag];
}

export const useFilterStore = create<FilterState>((set) => ({
  selected: [],
  toggle: (tag) => set((s) => ({ selected: toggled(s.selected, tag) })),
  rename: (from, to) =>
    set((s) => ({ selected: s.selected.flatMap((t) => (t === from ? (to ? [to] : []) : [t])) })),
  clear: () => set({ selected: [] }),
}));

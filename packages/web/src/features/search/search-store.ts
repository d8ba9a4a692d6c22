import { create } from 'zustand';

/** The sidebar search applies 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Search state: the typed query, the applied one, and the typing/focus flags. */
interface SearchState {
  query: string;
  debouncedQuery: string;
  isTyping: boolean;
  isSearching: boolean;
  type: (query: string) => void;
  settle: () => void;
  setSearching: (isSearching: boolean) => void;
  reset: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useSearchStore = create<SearchState>((set, get) => ({
  query: '',
  debouncedQuery: '',
  isTyping: false,
  isSearching: false,
  type: (query) => {
    set({ query, isTyping: true });
    clearTimeout(timer);
    timer = setTimeout(() => get().settle(), SEARCH_DEBOUNCE_MS);
  },
  settle: () => set((s) => ({ debouncedQuery: s.query.trim(), isTyping: false })),
  setSearching: (isSearching) => set({ isSearching }),
  reset: () => {
    clearTimeout(timer);
    set({ query: '', debouncedQuery: '', isTyping: false });
  },
}));

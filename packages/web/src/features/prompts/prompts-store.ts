import { PROMPT_FILTERS, PROMPT_LIMITS } from '@parley/schema';
import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/local-storage';

export type EditorMode = 'simple' | 'advanced';

/**
 * Prompt library UI state. The editor mode, always-make-production, the page size and the
 * last-used category survive reloads; the name filter and page do not.
 */
interface PromptsUiState {
  editorMode: EditorMode;
  alwaysMakeProd: boolean;
  lastCategory: string;
  pageSize: number;
  pageNumber: number;
  nameFilter: string;
  categoryFilter: string;
  setEditorMode: (mode: EditorMode) => void;
  setAlwaysMakeProd: (on: boolean) => void;
  setLastCategory: (category: string) => void;
  setPageSize: (size: number) => void;
  setPageNumber: (page: number) => void;
  setNameFilter: (name: string) => void;
  setCategoryFilter: (category: string) => void;
}

export const PAGE_SIZES = [10, 20, 50] as const;

export const usePromptsUi = create<PromptsUiState>((set) => ({
  editorMode: readLocal<EditorMode>('promptsEditorMode', 'simple'),
  alwaysMakeProd: readLocal('alwaysMakeProd', false),
  lastCategory: readLocal('lastPromptCategory', ''),
  pageSize: readLocal('promptsPageSize', PROMPT_LIMITS.pageSize.default),
  pageNumber: 1,
  nameFilter: '',
  categoryFilter: PROMPT_FILTERS.ALL,
  setEditorMode: (editorMode) => {
    writeLocal('promptsEditorMode', editorMode);
    set({ editorMode });
  },
  setAlwaysMakeProd: (alwaysMakeProd) => {
    writeLocal('alwaysMakeProd', alwaysMakeProd);
    set({ alwaysMakeProd });
  },
  setLastCategory: (lastCategory) => {
    writeLocal('lastPromptCategory', lastCategory);
    set({ lastCategory });
  },
  setPageSize: (pageSize) => {
    writeLocal('promptsPageSize', pageSize);
    set({ pageSize, pageNumber: 1 });
  },
  setPageNumber: (pageNumber) => set({ pageNumber }),
  setNameFilter: (nameFilter) => set({ nameFilter, pageNumber: 1 }),
  setCategoryFilter: (categoryFilter) => set({ categoryFilter, pageNumber: 1 }),
}));

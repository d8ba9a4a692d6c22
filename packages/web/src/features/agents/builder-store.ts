import { create } from 'zustand';

interface BuilderState {
  /** The agent open in the builder; null is a new, unsaved agent. */
  agentId: string | null;
  edit(agentId: string | null): void;
}

/** Which agent the builder shows, so the model menu or a chat can open one in it. */
export const useBuilder = create<BuilderState>((set) => ({
  agentId: null,
  edit: (agentId) => set({ agentId }),
}));

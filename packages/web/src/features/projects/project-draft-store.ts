import { create } from 'zustand';

/**
 * The project the next new chat starts in ("New chat in project"); a plain New Chat clears it.
 * Only a new chat's request carries it: an existing conversation keeps its own project.
 */
interface ProjectDraftState {
  projectId: string | null;
  setProjectId: (projectId: string | null) => void;
}

export const useProjectDraft = create<ProjectDraftState>((set) => ({
  projectId: null,
  setProjectId: (projectId) => set({ projectId }),
}));

/** What a chat request sends as `projectId`: the chosen project, for a new chat only. */
export function projectFlagFor(conversationId: string | null): string | undefined {
  return conversationId === null ? (useProjectDraft.getState().projectId ?? undefined) : undefined;
}

import { createContext, useContext, type ReactNode } from 'react';

/** The message a markdown text belongs to, and how many artifacts came before it in that message. */
export interface ArtifactScopeValue {
  messageId: string;
  offset: number;
}

const ArtifactScopeContext = createContext<ArtifactScopeValue | null>(null);

export function ArtifactScope({ value, children }: { value: ArtifactScopeValue; children: ReactNode }) {
  return <ArtifactScopeContext.Provider value={value}>{children}</ArtifactScopeContext.Provider>;
}

export function useArtifactScope(): ArtifactScopeValue | null {
  return useContext(ArtifactScopeContext);
}

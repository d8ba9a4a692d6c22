import { createContext, useContext, type ReactNode } from 'react';

/**
 * The shared conversation a message is shown in, if any: its pictures from other hosts go
 * through that share's own proxy route (no sign-in, only the share's addresses) instead of the
 * signed-in one.
 */
const ShareScope = createContext<string | undefined>(undefined);

export function RemoteImageShareScope({ shareId, children }: { shareId: string; children: ReactNode }) {
  return <ShareScope.Provider value={shareId}>{children}</ShareScope.Provider>;
}

export function useImageShareId(): string | undefined {
  return useContext(ShareScope);
}

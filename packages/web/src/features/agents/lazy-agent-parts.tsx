import { lazyArea } from '../../components/ui/lazy-area';

// Agent parts of the chat page load when an agent is in play, not with every chat.
export const AgentStarters = lazyArea<{ agentId: string; onPick: (text: string) => void }>(
  () => import('./agent-starters'),
  () => null,
).Area;

export const AgentLabel = lazyArea<{ agentId: string }>(
  () => import('./agent-label'),
  () => null,
).Area;

const agentMenuItems = lazyArea<{
  itemClassName: string;
  selected: string | null;
  onSelect: (agentId: string) => void;
}>(
  () => import('./agent-menu-items'),
  () => null,
);
export const AgentMenuItems = agentMenuItems.Area;
/** The model menu's agents section, fetched before the menu is first opened (the idle prefetch). */
export const preloadAgentMenuItems = agentMenuItems.preload;

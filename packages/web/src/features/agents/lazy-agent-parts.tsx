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

export const AgentMenuItems = lazyArea<{
  itemClassName: string;
  selected: string | null;
  onSelect: (agentId: string) => void;
}>(
  () => import('./agent-menu-items'),
  () => null,
).Area;

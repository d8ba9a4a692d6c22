import { AGENT_LIMITS } from '@parley/schema';
import { useAgent } from './agent-queries';

/**
 * An agent's conversation starters on the landing of a new chat with it: at most four buttons,
 * each 10 rem wide showing up to three lines; a click sends the starter as the first message.
 */
export default function AgentStarters({
  agentId,
  onPick,
}: {
  agentId: string;
  onPick: (text: string) => void;
}) {
  const { data: agent } = useAgent(agentId);
  const starters = (agent?.conversation_starters ?? []).slice(0, AGENT_LIMITS.conversationStarters);
  if (!agent) return null;
  return (
    <div className="flex flex-col items-center gap-4" data-testid="agent-landing">
      <div>
        <p className="text-lg font-semibold text-fg" data-testid="agent-landing-name">
          {agent.name}
        </p>
        {agent.description && <p className="mt-1 max-w-md text-sm text-fg-muted">{agent.description}</p>}
      </div>
      {starters.length > 0 && (
        <div className="flex flex-wrap justify-center gap-2" data-testid="conversation-starters">
          {starters.map((starter) => (
            <button
              key={starter}
              type="button"
              onClick={() => onPick(starter)}
              className="w-40 rounded-xl border border-border bg-surface px-3 py-2.5 text-start text-sm text-fg-muted shadow-xs transition-colors hover:bg-surface-muted hover:text-fg"
              data-testid="conversation-starter"
            >
              <span className="line-clamp-3">{starter}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

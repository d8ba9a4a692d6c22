import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAgent } from './agent-queries';

/**
 * An `agent_update` part of an answer: from here on another agent answers (an agent chain hands
 * over). A small header with the agent's picture and name over the part it writes. The name comes
 * from the agent when the reader can see it, else from the name saved with the part (the agent
 * may be deleted since, or private to someone else), else the id.
 */
export default function AgentHandoff({ agentId, agentName }: { agentId: string; agentName?: string }) {
  const { t } = useTranslation();
  const { data: agent } = useAgent(agentId);
  const name = agent?.name || agentName || agentId;
  return (
    <div
      className="mt-4 mb-2 flex items-center gap-2 border-t border-border pt-3 text-sm"
      data-testid="agent-update"
      data-agent-id={agentId}
    >
      {agent?.avatar ? (
        <img src={agent.avatar.filepath} alt="" className="size-6 rounded-full object-cover" />
      ) : (
        <span
          className="flex size-6 items-center justify-center rounded-full bg-surface-muted text-fg-muted"
          aria-hidden
        >
          <Bot className="size-3.5" />
        </span>
      )}
      <span className="font-medium text-fg">{t('agents.handoff', { name })}</span>
    </div>
  );
}

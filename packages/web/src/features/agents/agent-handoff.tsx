import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAgent } from './agent-queries';

/**
 * An `agent_update` part of an answer: from here on another agent answers (an agent chain hands
 * over). Shows the agent's name when the caller can see it, else its id.
 */
export default function AgentHandoff({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const { data: agent } = useAgent(agentId);
  return (
    <div
      className="my-2 flex items-center gap-2 text-xs text-fg-muted"
      data-testid="agent-update"
      data-agent-id={agentId}
    >
      <span className="h-px flex-1 bg-border" aria-hidden />
      <Bot className="size-3.5" aria-hidden />
      <span>{t('agents.handoff', { name: agent?.name || agentId })}</span>
      <span className="h-px flex-1 bg-border" aria-hidden />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useAgent } from './agent-queries';

/** An agent's name where a model name would show (the model menu's button). */
export default function AgentLabel({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const { data: agent, isError } = useAgent(agentId);
  if (isError) return <>{t('agents.missing')}</>;
  return <>{agent?.name || '…'}</>;
}

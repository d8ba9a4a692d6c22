import { Check } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useTranslation } from 'react-i18next';
import { useAgentList } from './agent-queries';

/** The agents group of the model menu: every agent the caller can chat with. */
export default function AgentMenuItems({
  itemClassName,
  selected,
  onSelect,
}: {
  itemClassName: string;
  selected: string | null;
  onSelect: (agentId: string) => void;
}) {
  const { t } = useTranslation();
  const { agents, isPending } = useAgentList();
  if (isPending) return <p className="px-2.5 py-1.5 text-sm text-fg-muted">{t('com_ui_loading')}</p>;
  if (agents.length === 0) return <p className="px-2.5 py-1.5 text-sm text-fg-muted">{t('agents.none')}</p>;
  return (
    <>
      {agents.map((agent) => (
        <DropdownMenu.Item
          key={agent.id}
          className={itemClassName}
          onSelect={() => onSelect(agent.id)}
          data-testid={`agent-option-${agent.id}`}
        >
          <span className="flex-1 truncate">{agent.name || agent.id}</span>
          {selected === agent.id && <Check className="size-4 text-accent" aria-hidden />}
        </DropdownMenu.Item>
      ))}
    </>
  );
}

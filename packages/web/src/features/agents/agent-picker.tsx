import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/text-field';
import { isFullAgent, useAgentList } from './agent-queries';

/** Which agent the builder edits: the caller's editable agents, or a new one. */
export function AgentPicker({
  value,
  onChange,
  canCreate,
}: {
  value: string | null;
  onChange: (agentId: string | null) => void;
  canCreate: boolean;
}) {
  const { t } = useTranslation();
  const { agents } = useAgentList();
  const editable = agents.filter(isFullAgent);
  return (
    <div className="flex items-center gap-2 px-3 pb-3">
      <select
        aria-label={t('agents.select')}
        className={`${inputClasses} border-border-strong py-1.5 text-sm`}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        data-testid="agent-select"
      >
        {canCreate && <option value="">{t('agents.new_agent')}</option>}
        {editable.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name || t('agents.unnamed')}
          </option>
        ))}
      </select>
      {canCreate && value !== null && (
        <Button
          variant="outline"
          size="icon"
          onClick={() => onChange(null)}
          aria-label={t('agents.new_agent')}
          data-testid="agent-new"
        >
          <Plus className="size-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}

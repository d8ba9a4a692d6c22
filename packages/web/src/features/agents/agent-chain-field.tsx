import { AGENT_LIMITS } from '@parley/schema';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/text-field';
import { addToChain, moveInChain, type AgentForm } from './agent-form';
import { useAgentList } from './agent-queries';

const iconButton =
  'rounded p-1 text-fg-subtle hover:bg-surface-muted hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The builder's chain: other agents that answer after this one, in this order (at most
 * AGENT_LIMITS.chainLength; never the agent itself or twice). Each can be moved up or down or
 * taken off; the agents offered are the ones the user can see.
 */
export function AgentChainField({
  selfId,
  form,
  change,
}: {
  selfId: string | null;
  form: AgentForm;
  change: (patch: Partial<AgentForm>) => void;
}) {
  const { t } = useTranslation();
  const { agents } = useAgentList();
  const [choice, setChoice] = useState('');
  const chain = form.agent_ids;
  const names = new Map(agents.map((a) => [a.id, a.name || t('agents.unnamed')]));
  const offered = agents.filter((a) => a.id !== selfId && !chain.includes(a.id));
  const full = chain.length >= AGENT_LIMITS.chainLength;
  const set = (agent_ids: string[]) => change({ agent_ids });

  return (
    <fieldset className="space-y-1" data-testid="agent-chain">
      <legend className="mb-1 text-[13px] font-medium text-fg">{t('agents.chain')}</legend>
      <p className="text-xs text-fg-muted">{t('agents.chain_hint', { max: AGENT_LIMITS.chainLength })}</p>
      <ol className="space-y-1">
        {chain.map((id, index) => {
          const name = names.get(id) ?? id;
          return (
            <li
              key={id}
              className="flex items-center gap-2 rounded-lg border border-border px-2 py-1"
              data-testid="agent-chain-item"
            >
              <span className="w-5 text-xs text-fg-muted tabular-nums">{index + 1}.</span>
              <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
              <button
                type="button"
                className={iconButton}
                disabled={index === 0}
                aria-label={t('agents.chain_up', { name })}
                onClick={() => set(moveInChain(chain, index, -1))}
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButton}
                disabled={index === chain.length - 1}
                aria-label={t('agents.chain_down', { name })}
                onClick={() => set(moveInChain(chain, index, 1))}
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={t('agents.chain_remove', { name })}
                onClick={() => set(chain.filter((other) => other !== id))}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      <div className="flex items-center gap-2">
        <select
          aria-label={t('agents.chain_pick')}
          className={`${inputClasses} border-border-strong py-1.5 text-sm`}
          value={choice}
          disabled={full || offered.length === 0}
          onChange={(e) => setChoice(e.target.value)}
          data-testid="agent-chain-pick"
        >
          <option value="">
            {full ? t('agents.chain_full', { max: AGENT_LIMITS.chainLength }) : t('agents.chain_pick')}
          </option>
          {offered.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name || t('agents.unnamed')}
            </option>
          ))}
        </select>
        <Button
          type="button"
          variant="outline"
          disabled={!choice || full}
          onClick={() => {
            set(addToChain(chain, choice, selfId));
            setChoice('');
          }}
          data-testid="agent-chain-add"
        >
          {t('agents.chain_add')}
        </Button>
      </div>
    </fieldset>
  );
}

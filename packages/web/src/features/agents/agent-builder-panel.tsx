import type { Agent, EndpointsConfig, ModelsConfig } from '@parley/schema';
import { MessageSquarePlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { addAgentBuilderStrings } from '../../i18n/agent-builder-strings';
import { useHasPermission } from '../auth';
import { showToast } from '../toasts';
import { AgentModelFields, AgentTextFields } from './agent-definition-fields';
import { changesOf, definitionOf, emptyForm, formErrors, formOf, type AgentForm } from './agent-form';
import { AgentMoreMenu } from './agent-more-menu';
import { AgentPicker } from './agent-picker';
import { isFullAgent, useAgent } from './agent-queries';
import { AgentShareRow } from './agent-share-row';
import { AgentActions } from './agent-actions';
import { AgentAvatarField } from './agent-avatar-field';
import { AgentChainField } from './agent-chain-field';
import { AgentFilesField } from './agent-files-field';
import { AgentToolsFields, capabilitiesOf } from './agent-tools-fields';
import { useBuilder } from './builder-store';
import { providerOptions } from './provider-options';
import { useCreateAgent, useUpdateAgent } from './use-agent-mutations';

// The builder's own strings arrive with its code.
addAgentBuilderStrings();

export interface AgentBuilderProps {
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  /** The chat's model: a new agent starts with it. */
  fallback: { endpoint: string; model: string } | null;
  /** Starts a chat with a saved agent (absent while agent chats are not offered). */
  onChat?: (agentId: string) => void;
}

/**
 * The agent builder (side panel): pick or start an agent, edit its definition, save it as a new
 * version, share it, look at and restore versions, duplicate or delete it. Loaded on first open.
 */
export default function AgentBuilderPanel(props: AgentBuilderProps) {
  const { t } = useTranslation();
  const agentId = useBuilder((s) => s.agentId);
  const edit = useBuilder((s) => s.edit);
  const canCreate = useHasPermission('AGENTS', 'CREATE');
  const { data: agent, isPending, isError } = useAgent(agentId);
  let body;
  if (agentId && isPending) {
    body = (
      <div className="flex flex-1 justify-center py-10">
        <Spinner className="size-5 text-fg-muted" />
      </div>
    );
  } else if (agentId && (isError || !isFullAgent(agent))) {
    body = <p className="px-4 py-8 text-center text-sm text-fg-muted">{t('agents.not_editable')}</p>;
  } else if (!agentId && !canCreate) {
    body = <p className="px-4 py-8 text-center text-sm text-fg-muted">{t('agents.not_allowed_create')}</p>;
  } else {
    const full = agentId && isFullAgent(agent) ? agent : null;
    // A new key after each saved version resets the form to what was saved (or restored).
    body = <AgentEditor key={`${agentId ?? 'new'}:${full?.version ?? 0}`} agent={full} {...props} />;
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="agent-builder">
      <AgentPicker value={agentId} onChange={edit} canCreate={canCreate} />
      {body}
    </div>
  );
}

function AgentEditor({
  agent,
  endpoints,
  models,
  fallback,
  onChat,
}: AgentBuilderProps & { agent: Agent | null }) {
  const { t } = useTranslation();
  const edit = useBuilder((s) => s.edit);
  const [form, setForm] = useState<AgentForm>(() => {
    if (agent) return formOf(agent);
    // A new agent starts with the chat's model, else the first model of the first provider.
    const provider = fallback?.endpoint ?? providerOptions(endpoints)[0] ?? '';
    return emptyForm(provider, fallback?.model ?? models?.[provider]?.[0] ?? '');
  });
  const [tried, setTried] = useState(false);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const errors = tried ? formErrors(form) : {};
  const change = (patch: Partial<AgentForm>) => setForm((f) => ({ ...f, ...patch }));
  const changes = agent ? changesOf(agent, form) : null;
  const dirty = !agent || Object.keys(changes ?? {}).length > 0;

  const save = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(formErrors(form)).length > 0) return;
    if (!agent) {
      create.mutate(definitionOf(form), { onSuccess: (saved) => edit(saved.id) });
      return;
    }
    if (!dirty || !changes) return;
    update.mutate(
      { id: agent.id, body: changes },
      { onSuccess: (saved) => showToast(t('agents.saved', { version: saved.version }), 'success') },
    );
  };

  return (
    <form onSubmit={save} className="flex min-h-0 flex-1 flex-col" noValidate>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-3 pt-1 pb-4">
        {agent && <AgentAvatarField agent={agent} disabled={dirty} />}
        <AgentTextFields form={form} change={change} errors={errors} />
        <AgentModelFields form={form} change={change} errors={errors} endpoints={endpoints} models={models} />
        <AgentToolsFields form={form} change={change} endpoints={endpoints} />
        {form.tools.includes('file_search') && <AgentFilesField form={form} change={change} />}
        {agent && (capabilitiesOf(endpoints)?.includes('actions') ?? true) && (
          <AgentActions agentId={agent.id} />
        )}
        {(capabilitiesOf(endpoints)?.includes('chain') ?? true) && (
          <AgentChainField selfId={agent?.id ?? null} form={form} change={change} />
        )}
        {agent && <AgentShareRow agent={agent} />}
      </div>
      <div className="flex shrink-0 items-center gap-2 border-t border-border p-3">
        {agent && <AgentMoreMenu agent={agent} />}
        {agent && onChat && (
          <Button
            type="button"
            variant="outline"
            onClick={() => onChat(agent.id)}
            disabled={dirty}
            title={t('agents.chat')}
            data-testid="agent-chat"
          >
            <MessageSquarePlus className="size-4" aria-hidden />
            {t('agents.chat')}
          </Button>
        )}
        <Button
          type="submit"
          className="flex-1"
          loading={create.isPending || update.isPending}
          disabled={!dirty}
          data-testid="agent-save"
        >
          {agent ? t('com_ui_save') : t('agents.create')}
        </Button>
      </div>
    </form>
  );
}

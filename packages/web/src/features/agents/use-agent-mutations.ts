import type { Agent, UpdateAgentBody } from '@parley/schema';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../api/api-error';
import { apiErrorText } from '../../api/api-error-text';
import { showToast } from '../toasts';
import { agentsApi } from './agents-api';
import { useAgentQueries } from './agent-queries';
import type { definitionOf } from './agent-form';

/** Why a change was refused, in the UI language (`apiErrorText`), else a general text. */
function useFailureToast() {
  return (error: unknown, fallback: string) => {
    showToast(apiErrorText(error, fallback), 'error');
  };
}

export function useCreateAgent() {
  const queries = useAgentQueries();
  const { t } = useTranslation();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (body: ReturnType<typeof definitionOf>) => agentsApi.create(body),
    onSuccess: (agent) => {
      queries.saved(agent);
      showToast(t('agents.created'), 'success');
    },
    onError: (error) => fail(error, t('agents.save_error')),
  });
}

export function useUpdateAgent() {
  const queries = useAgentQueries();
  const { t } = useTranslation();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgentBody }) => agentsApi.update(id, body),
    onSuccess: (agent) => queries.saved(agent),
    onError: (error) => fail(error, t('agents.save_error')),
  });
}

export function useDuplicateAgent() {
  const queries = useAgentQueries();
  const { t } = useTranslation();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (id: string) => agentsApi.duplicate(id),
    onSuccess: (agent) => {
      queries.saved(agent);
      showToast(t('agents.duplicated'), 'success');
    },
    onError: (error) => fail(error, t('agents.duplicate_error')),
  });
}

export function useDeleteAgent() {
  const queries = useAgentQueries();
  const { t } = useTranslation();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (id: string) => agentsApi.remove(id).then(() => id),
    onSuccess: (id) => {
      queries.removed(id);
      showToast(t('agents.deleted'), 'success');
    },
    onError: (error) =>
      // A delete refused with 403 says the person may not delete it.
      hasErrorCode(error, 'forbidden')
        ? showToast(t('com_ui_delete_not_allowed'), 'error')
        : fail(error, t('agents.delete_error')),
  });
}

export function useRevertAgent(agentId: string) {
  const queries = useAgentQueries();
  const { t } = useTranslation();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (version: number) => agentsApi.revert(agentId, version),
    onSuccess: (agent: Agent) => {
      queries.saved(agent);
      showToast(t('agents.reverted', { version: agent.version }), 'success');
    },
    onError: (error) => fail(error, t('agents.revert_error')),
  });
}

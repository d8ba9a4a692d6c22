import type { Agent } from '@parley/schema';
import { useMutation } from '@tanstack/react-query';
import { Bot, ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { showToast } from '../toasts';
import { useAgentQueries } from './agent-queries';
import { agentsApi } from './agents-api';

/**
 * The agent's picture and its upload (PNG or JPEG; the server crops and scales it). An upload is
 * a new version of the agent, so it waits while the form has unsaved changes.
 */
export function AgentAvatarField({ agent, disabled }: { agent: Agent; disabled: boolean }) {
  const { t } = useTranslation();
  const queries = useAgentQueries();
  const picker = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => agentsApi.uploadAvatar(agent.id, file),
    onSuccess: (saved) => {
      queries.saved(saved);
      showToast(t('agents.avatar_saved'), 'success');
    },
    onError: (error) => showToast(apiErrorText(error, t('agents.avatar_error')), 'error'),
  });
  return (
    <div className="flex items-center gap-3" data-testid="agent-avatar">
      {agent.avatar ? (
        <img src={agent.avatar.filepath} alt="" className="size-12 rounded-full object-cover" />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-fg-subtle">
          <Bot className="size-6" aria-hidden />
        </span>
      )}
      <Button
        type="button"
        variant="outline"
        loading={upload.isPending}
        disabled={disabled}
        title={disabled ? t('agents.avatar_save_first') : undefined}
        onClick={() => picker.current?.click()}
        data-testid="agent-avatar-upload"
      >
        <ImageUp className="size-4" aria-hidden />
        {t('agents.avatar_upload')}
      </Button>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg"
        className="hidden"
        data-testid="agent-avatar-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
    </div>
  );
}

import type { Agent } from '@parley/schema';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useAgentVersions } from './agent-queries';
import { useRevertAgent } from './use-agent-mutations';

/**
 * An agent's versions, newest first. Restoring one makes it the newest version (the history only
 * grows, so a restore can itself be undone).
 */
export function AgentVersionsDialog({
  agent,
  open,
  onOpenChange,
}: {
  agent: Agent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data: versions, isPending } = useAgentVersions(agent.id, open);
  const revert = useRevertAgent(agent.id);
  const newestFirst = [...(versions ?? [])].sort((a, b) => b.version - a.version);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('agents.versions')}
      description={t('agents.versions_hint')}
      closeLabel={t('com_ui_close')}
      testId="agent-versions-dialog"
      className="max-w-lg"
    >
      <div className="min-h-0 overflow-y-auto px-6 pt-2 pb-6">
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-5 text-fg-muted" />
          </div>
        ) : (
          <ol className="space-y-2">
            {newestFirst.map((v) => {
              const current = v.version === agent.version;
              return (
                <li
                  key={v.version}
                  className="flex items-center gap-3 rounded-xl border border-border px-3 py-2.5"
                  data-testid="agent-version"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">
                      {t('agents.version_n', { n: v.version })}
                      {current && (
                        <span className="ms-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs text-accent">
                          {t('agents.version_current')}
                        </span>
                      )}
                    </span>
                    <span className="block truncate text-xs text-fg-muted">
                      {v.name || t('agents.unnamed')} · {v.model} ·{' '}
                      {formatDateTime(v.createdAt, i18n.language)}
                    </span>
                  </span>
                  {!current && (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={revert.isPending && revert.variables === v.version}
                      onClick={() => revert.mutate(v.version, { onSuccess: () => onOpenChange(false) })}
                      data-testid={`agent-revert-${v.version}`}
                    >
                      {t('agents.restore')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Dialog>
  );
}

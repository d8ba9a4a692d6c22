import type { Agent } from '@parley/schema';
import { Copy, Ellipsis, History, Trash2 } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { AgentVersionsDialog } from './agent-versions-dialog';
import { useBuilder } from './builder-store';
import { useDeleteAgent, useDuplicateAgent } from './use-agent-mutations';

const ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

/** The saved agent's other actions: versions, duplicate, delete (after a confirmation). */
export function AgentMoreMenu({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const edit = useBuilder((s) => s.edit);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const duplicate = useDuplicateAgent();
  const remove = useDeleteAgent();
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" size="icon" aria-label={t('agents.more')} data-testid="agent-more">
            <Ellipsis className="size-4" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="start"
            sideOffset={6}
            className="animate-fade-in z-50 min-w-44 rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => setVersionsOpen(true)}>
              <History className="size-4 text-fg-muted" aria-hidden />
              {t('agents.versions')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={ITEM}
              onSelect={() => duplicate.mutate(agent.id, { onSuccess: (copy) => edit(copy.id) })}
            >
              <Copy className="size-4 text-fg-muted" aria-hidden />
              {t('com_ui_duplicate')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={`${ITEM} text-danger`} onSelect={() => setConfirmDelete(true)}>
              <Trash2 className="size-4" aria-hidden />
              {t('com_ui_delete')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AgentVersionsDialog agent={agent} open={versionsOpen} onOpenChange={setVersionsOpen} />
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('agents.delete_title', { name: agent.name || t('agents.unnamed') })}
        description={t('agents.delete_hint')}
        closeLabel={t('com_ui_close')}
        testId="agent-delete-dialog"
      >
        <div className="flex justify-end gap-2 px-6 pt-3 pb-5">
          <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(agent.id, {
                onSuccess: () => {
                  setConfirmDelete(false);
                  edit(null);
                },
              })
            }
            data-testid="confirm-button"
          >
            {t('com_ui_delete')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

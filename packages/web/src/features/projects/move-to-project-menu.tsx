import type { Conversation } from '@parley/schema';
import { ChevronRight, FolderInput, FolderMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { MENU_CONTENT, MENU_ICON, MENU_ITEM } from '../../components/ui/menu-styles';
import { showToast } from '../toasts';
import { useProjectMutations, useProjects } from './projects-api';

/** A conversation row's "Move to project" submenu: each project, and out of its current one. */
export function MoveToProjectMenu({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const { data: projects = [] } = useProjects();
  const { move } = useProjectMutations();
  const current = conversation.projectId ?? null;
  const moveTo = (projectId: string | null) =>
    move.mutate(
      { conversationId: conversation.conversationId, projectId },
      {
        onSuccess: () =>
          showToast(
            projectId
              ? t('projects.moved_in', { name: projects.find((p) => p.id === projectId)?.name ?? '' })
              : t('projects.moved_out'),
          ),
        onError: () => showToast(t('projects.save_error'), 'error'),
      },
    );
  const others = projects.filter((p) => p.id !== current);
  if (others.length === 0 && !current) return null;
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={MENU_ITEM} data-testid="row-move-project">
        <FolderInput className={MENU_ICON} aria-hidden />
        <span className="flex-1">{t('projects.move')}</span>
        <ChevronRight className="size-4 text-fg-subtle rtl:-scale-x-100" aria-hidden />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent className={`${MENU_CONTENT} max-h-72 overflow-y-auto`} sideOffset={6}>
          {others.map((p) => (
            <DropdownMenu.Item
              key={p.id}
              className={MENU_ITEM}
              onSelect={() => moveTo(p.id)}
              data-testid="row-move-project-target"
            >
              <span className="truncate">{p.name}</span>
            </DropdownMenu.Item>
          ))}
          {current && (
            <DropdownMenu.Item
              className={MENU_ITEM}
              onSelect={() => moveTo(null)}
              data-testid="row-remove-from-project"
            >
              <FolderMinus className={MENU_ICON} aria-hidden />
              {t('projects.move_out')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}

import type { Project } from '@parley/schema';
import { canEditProject, canShareProject } from '@parley/schema';
import { clsx } from 'clsx';
import {
  ChevronRight,
  Ellipsis,
  FolderClosed,
  FolderOpen,
  LogOut,
  Pencil,
  SquarePen,
  Trash2,
} from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { MENU_CONTENT, MENU_ICON, MENU_ITEM } from '../../components/ui/menu-styles';
import { SearchField } from '../../components/ui/search-field';
import { Spinner } from '../../components/ui/spinner';
import { showToast } from '../toasts';
import { carriesLink, droppedConversationId } from './conversation-drop';
import { useProjectConversations, useProjectMutations } from './projects-api';

export type ProjectAction = 'edit' | 'delete' | 'leave';

/**
 * One project in the sidebar: a row that expands to "New chat in project", a search within the
 * project and the caller's conversations in it. Its menu offers what the caller's role allows.
 */
export function ProjectItem({
  project,
  onNewChat,
  onAction,
}: {
  project: Project;
  onNewChat: (project: Project) => void;
  onAction: (project: Project, action: ProjectAction) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const drop = useConversationDrop(project.id);
  const Folder = open ? FolderOpen : FolderClosed;
  return (
    <li data-testid="project-item" data-project-id={project.id} className="group/project">
      <div
        onDragOver={drop.onDragOver}
        onDragLeave={drop.onDragLeave}
        onDrop={drop.onDrop}
        data-drop-target={drop.over || undefined}
        className="flex items-center rounded-lg hover:bg-surface data-drop-target:bg-accent/15 data-drop-target:ring-2 data-drop-target:ring-accent dark:hover:bg-surface-muted"
      >
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="project-toggle"
          className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-start text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronRight
            className={clsx(
              'size-3.5 shrink-0 text-fg-subtle transition-transform rtl:-scale-x-100',
              open && 'rotate-90',
            )}
            aria-hidden
          />
          <Folder className="size-4 shrink-0 text-fg-muted" aria-hidden />
          <span className="truncate">{project.name}</span>
        </button>
        <ProjectMenu project={project} onNewChat={onNewChat} onAction={onAction} />
      </div>
      {open && (
        <div className="ms-5 space-y-1 border-s border-border ps-2 pt-1 pb-2">
          <button
            type="button"
            onClick={() => onNewChat(project)}
            data-testid="project-new-chat"
            className="flex h-8 w-full items-center gap-2 rounded-md px-2 text-sm text-fg-muted outline-none hover:bg-surface hover:text-fg focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-surface-muted"
          >
            <SquarePen className="size-3.5" aria-hidden />
            {t('projects.new_chat')}
          </button>
          <SearchField
            value={search}
            onChange={setSearch}
            label={t('projects.search', { name: project.name })}
            testId="project-search"
            size="sm"
          />
          <ProjectConversations projectId={project.id} search={search} />
        </div>
      )}
    </li>
  );
}

/** A conversation row dropped on the project moves into it. */
function useConversationDrop(projectId: string) {
  const { t } = useTranslation();
  const { move } = useProjectMutations();
  const [over, setOver] = useState(false);
  return {
    over,
    onDragOver: (e: DragEvent) => {
      if (!carriesLink(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      setOver(false);
      const conversationId = droppedConversationId(
        e.dataTransfer.getData('text/uri-list'),
        window.location.origin,
      );
      if (!conversationId) return;
      e.preventDefault();
      move.mutate(
        { conversationId, projectId },
        { onError: () => showToast(t('projects.save_error'), 'error') },
      );
    },
  };
}

function ProjectConversations({ projectId, search }: { projectId: string; search: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useProjectConversations(projectId, search, true);
  if (isPending) return <Spinner className="mx-auto my-2 size-4" />;
  const rows = data?.conversations ?? [];
  if (rows.length === 0)
    return (
      <p className="px-2 py-1 text-xs text-fg-subtle" data-testid="project-empty">
        {t(search.trim() ? 'projects.no_matches' : 'projects.no_chats')}
      </p>
    );
  return (
    <ul data-testid="project-conversations">
      {rows.map((c) => (
        <li key={c.conversationId}>
          <NavLink
            to={`/c/${c.conversationId}`}
            data-testid="project-conversation"
            className={({ isActive }) =>
              clsx(
                'block truncate rounded-md px-2 py-1.5 text-sm outline-none hover:bg-surface focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-surface-muted',
                isActive ? 'bg-surface font-medium text-fg dark:bg-surface-muted' : 'text-fg-muted',
              )
            }
          >
            {c.title || t('com_ui_untitled')}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function ProjectMenu({
  project,
  onNewChat,
  onAction,
}: {
  project: Project;
  onNewChat: (project: Project) => void;
  onAction: (project: Project, action: ProjectAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('projects.options', { name: project.name })}
        data-testid="project-menu"
        className="me-1 flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Ellipsis className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={MENU_CONTENT}>
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => onNewChat(project)}>
            <SquarePen className={MENU_ICON} aria-hidden />
            {t('projects.new_chat')}
          </DropdownMenu.Item>
          {canEditProject(project.role) && (
            <DropdownMenu.Item
              className={MENU_ITEM}
              onSelect={() => onAction(project, 'edit')}
              data-testid="project-edit"
            >
              <Pencil className={MENU_ICON} aria-hidden />
              {t('projects.edit')}
            </DropdownMenu.Item>
          )}
          {canShareProject(project.role) ? (
            <DropdownMenu.Item
              className={clsx(MENU_ITEM, 'text-danger')}
              onSelect={() => onAction(project, 'delete')}
              data-testid="project-delete"
            >
              <Trash2 className="size-4" aria-hidden />
              {t('com_ui_delete')}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item
              className={MENU_ITEM}
              onSelect={() => onAction(project, 'leave')}
              data-testid="project-leave"
            >
              <LogOut className={MENU_ICON} aria-hidden />
              {t('projects.leave')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import type { Project } from '@parley/schema';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { MOBILE_MEDIA } from '../../lib/breakpoints';
import { useMediaQuery } from '../../lib/use-media-query';
import { useAuth } from '../../store/auth-store';
import { useNav } from '../../store/nav-store';
import { useShell } from '../../store/shell-store';
import { showToast } from '../toasts';
import { ProjectDialog } from './project-dialog';
import { useProjectDraft } from './project-draft-store';
import { ProjectItem, type ProjectAction } from './project-item';
import { useProjectMutations, useProjects } from './projects-api';

type Open = { kind: 'new' } | { kind: ProjectAction; project: Project } | null;

/** The sidebar's projects, above the conversation list: each expandable, with its own menu. */
export function SidebarProjects() {
  const { t } = useTranslation();
  const { data: projects = [] } = useProjects();
  const [open, setOpen] = useState<Open>(null);
  const newChatIn = useNewChatInProject();
  return (
    <section aria-labelledby="sidebar-projects-heading" data-testid="sidebar-projects" className="px-3 pb-2">
      <div className="flex h-8 items-center justify-between ps-2">
        <h2 id="sidebar-projects-heading" className="text-xs font-medium text-fg-subtle">
          {t('projects.title')}
        </h2>
        <button
          type="button"
          onClick={() => setOpen({ kind: 'new' })}
          aria-label={t('projects.new')}
          data-testid="project-create"
          className="flex size-7 items-center justify-center rounded-md text-fg-subtle outline-none hover:bg-surface hover:text-fg focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-surface-muted"
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
      {/* A long list of projects scrolls on its own, so the conversations below stay in view. */}
      <ul className="max-h-[38vh] overflow-y-auto" data-testid="project-list">
        {projects.map((p) => (
          <ProjectItem
            key={p.id}
            project={p}
            onNewChat={newChatIn}
            onAction={(project, kind) => setOpen({ kind, project })}
          />
        ))}
      </ul>
      {open?.kind === 'new' && <ProjectDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <ProjectDialog project={open.project} onClose={() => setOpen(null)} />}
      {(open?.kind === 'delete' || open?.kind === 'leave') && (
        <RemoveProjectDialog project={open.project} kind={open.kind} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}

/** Starts a new chat whose first request names the project; on mobile the sidebar closes. */
function useNewChatInProject() {
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_MEDIA);
  const setNavVisible = useNav((s) => s.setNavVisible);
  const setTitle = useShell((s) => s.setConversationTitle);
  return (project: Project) => {
    useProjectDraft.getState().setProjectId(project.id);
    setTitle(null);
    void navigate('/c/new');
    if (mobile) setNavVisible(false);
  };
}

/** Delete (owners) or leave (others), after a confirmation that says the conversations stay. */
function RemoveProjectDialog({
  project,
  kind,
  onClose,
}: {
  project: Project;
  kind: 'delete' | 'leave';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { remove, leave } = useProjectMutations();
  const userId = useAuth((s) => s.user?.id);
  const confirm = async () => {
    try {
      if (kind === 'delete') await remove.mutateAsync(project.id);
      else if (userId) await leave.mutateAsync({ id: project.id, userId });
      if (useProjectDraft.getState().projectId === project.id) useProjectDraft.getState().setProjectId(null);
      onClose();
    } catch {
      showToast(t('projects.save_error'), 'error');
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(kind === 'delete' ? 'projects.delete_title' : 'projects.leave_title', { name: project.name })}
      description={t(kind === 'delete' ? 'projects.delete_body' : 'projects.leave_body')}
      confirmLabel={t(kind === 'delete' ? 'com_ui_delete' : 'projects.leave')}
      onConfirm={() => void confirm()}
      pending={remove.isPending || leave.isPending}
      testId="project-remove-dialog"
    />
  );
}

import { FolderOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useProjectDraft } from './project-draft-store';
import { useProjects } from './projects-api';

/** On a new chat's landing: which project the chat will start in, when one was chosen. */
export function ProjectDraftBadge() {
  const { t } = useTranslation();
  const projectId = useProjectDraft((s) => s.projectId);
  const { data: projects } = useProjects();
  const project = projectId ? projects?.find((p) => p.id === projectId) : undefined;
  if (!project) return null;
  return (
    <p
      className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-3 py-1 text-sm text-fg-muted"
      data-testid="project-draft-badge"
    >
      <FolderOpen className="size-4" aria-hidden />
      {t('projects.in_project', { name: project.name })}
    </p>
  );
}

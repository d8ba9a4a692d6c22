export { SidebarProjects } from './sidebar-projects';
export { MoveToProjectMenu } from './move-to-project-menu';
export { projectFlagFor, useProjectDraft } from './project-draft-store';
export { ProjectDraftBadge } from './project-draft-badge';
export { refreshProjectConversations } from './projects-api';

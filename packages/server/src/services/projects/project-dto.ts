import type { Project, ProjectDefaults, ProjectRole } from '@parley/schema';
import type { ProjectRow } from '../../db/schema/index.ts';

/** Row and the caller's role → API shape. */
export function toProject(row: ProjectRow, role: ProjectRole): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    defaults: row.defaults as ProjectDefaults,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

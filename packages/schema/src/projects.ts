import { z } from 'zod';
import { entityId } from './list-query.ts';

// Projects (issue 41): a place for conversations with shared instructions, defaults and knowledge,
// shared with chosen people. Not the instance-wide project of prompt groups and agents (`projectIds`).

export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 2_000;
/** Instructions go into every system prompt of the project: long enough for a brief, not a book. */
export const PROJECT_INSTRUCTIONS_MAX = 20_000;
/** Files one project may hold as knowledge. */
export const PROJECT_FILES_MAX = 100;

export const PROJECT_ROLES = ['viewer', 'editor', 'owner'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** What each role may do beyond seeing the project and chatting in it. */
export const canEditProject = (role: ProjectRole) => role === 'editor' || role === 'owner';
export const canShareProject = (role: ProjectRole) => role === 'owner';

const name = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name must not be empty')
  .max(PROJECT_NAME_MAX, `name must be at most ${PROJECT_NAME_MAX} characters`);
const description = z
  .string({ error: 'description must be a string' })
  .max(PROJECT_DESCRIPTION_MAX, `description must be at most ${PROJECT_DESCRIPTION_MAX} characters`);
const instructions = z
  .string({ error: 'instructions must be a string' })
  .max(PROJECT_INSTRUCTIONS_MAX, `instructions must be at most ${PROJECT_INSTRUCTIONS_MAX} characters`);
const defaultField = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1)
    .max(200, `${field} is too long`)
    .optional();

/** What a new chat in the project starts with: a model of an endpoint, a preset, or an agent. */
export const projectDefaultsSchema = z.strictObject(
  {
    endpoint: defaultField('endpoint'),
    model: defaultField('model'),
    presetId: defaultField('presetId'),
    agentId: defaultField('agentId'),
  },
  { error: 'defaults must be an object with endpoint, model, presetId or agentId' },
);
export type ProjectDefaults = z.infer<typeof projectDefaultsSchema>;

/** POST /api/projects. */
export const createProjectSchema = z.object({
  name,
  description: description.optional(),
  instructions: instructions.optional(),
  defaults: projectDefaultsSchema.optional(),
});
export type CreateProjectBody = z.infer<typeof createProjectSchema>;

/** PATCH /api/projects/{id}: any of the fields, at least one. */
export const updateProjectSchema = z
  .object({
    name: name.optional(),
    description: description.optional(),
    instructions: instructions.optional(),
    defaults: projectDefaultsSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'name, description, instructions or defaults is required',
  });
export type UpdateProjectBody = z.infer<typeof updateProjectSchema>;

export const projectParamsSchema = z.object({ id: entityId('id') });

/** POST/DELETE /api/projects/{id}/files. */
export const projectFileSchema = z.object({ file_id: entityId('file_id') }, { error: 'file_id is required' });

/** PUT /api/projects/{id}/members: add someone, or change their role. */
export const projectMemberSchema = z.object(
  {
    userId: entityId('userId'),
    role: z.enum(PROJECT_ROLES, { error: 'role must be viewer, editor or owner' }),
  },
  { error: 'userId and role are required' },
);
export type ProjectMemberBody = z.infer<typeof projectMemberSchema>;

/** DELETE /api/projects/{id}/members. */
export const removeProjectMemberSchema = z.object(
  { userId: entityId('userId') },
  { error: 'userId is required' },
);

export interface ProjectFile {
  file_id: string;
  filename: string;
  type: string;
  bytes: number;
}

export interface ProjectMember {
  userId: string;
  name: string;
  username: string;
  role: ProjectRole;
}

/** A project as its members see it; `role` is the caller's. */
export interface Project {
  id: string;
  name: string;
  description: string;
  instructions: string;
  defaults: ProjectDefaults;
  role: ProjectRole;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/projects/{id}: the project with its knowledge and members. */
export interface ProjectDetail extends Project {
  files: ProjectFile[];
  members: ProjectMember[];
}

export const projectAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  defaults: projectDefaultsSchema,
  role: z.enum(PROJECT_ROLES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const projectDetailAnswerSchema = projectAnswerSchema.extend({
  files: z.array(
    z.object({ file_id: z.string(), filename: z.string(), type: z.string(), bytes: z.number() }),
  ),
  members: z.array(
    z.object({ userId: z.string(), name: z.string(), username: z.string(), role: z.enum(PROJECT_ROLES) }),
  ),
});
export const projectListAnswerSchema = z.array(projectAnswerSchema);
export const projectDeletedAnswerSchema = z.object({
  deleted: z.literal(true),
  /** Conversations that were in it, now outside any project. */
  conversationsMoved: z.number(),
});

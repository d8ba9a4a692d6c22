import {
  createProjectSchema,
  projectDeletedAnswerSchema,
  projectDetailAnswerSchema,
  projectFileSchema,
  projectListAnswerSchema,
  projectAnswerSchema,
  projectMemberSchema,
  projectParamsSchema,
  removeProjectMemberSchema,
  updateProjectSchema,
} from '@parley/schema';
import { z } from 'zod';
import type { OperationDoc } from './operation-doc.ts';

const ACCESS =
  'Members only: a project the caller is not a member of is a 404. Viewers read and chat; editors also change it; owners also share and delete it.';
const files = z.array(
  z.object({ file_id: z.string(), filename: z.string(), type: z.string(), bytes: z.number() }),
);
const members = projectDetailAnswerSchema.shape.members;

/** Projects: conversations with shared instructions, defaults and knowledge, shared with people. */
export const projectOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/projects',
    tag: 'Projects',
    summary: 'The projects you are a member of, with your role in each',
    access: 'user',
    answers: [{ status: 200, description: 'The projects', schema: projectListAnswerSchema }],
  },
  {
    method: 'post',
    path: '/api/projects',
    tag: 'Projects',
    summary: 'Create a project; you are its owner',
    access: 'user',
    body: createProjectSchema,
    answers: [{ status: 201, description: 'Created', schema: projectAnswerSchema }],
  },
  {
    method: 'get',
    path: '/api/projects/:id',
    tag: 'Projects',
    summary: 'A project with its files and members',
    description: ACCESS,
    access: 'user',
    params: projectParamsSchema,
    answers: [{ status: 200, description: 'The project', schema: projectDetailAnswerSchema }],
  },
  {
    method: 'patch',
    path: '/api/projects/:id',
    tag: 'Projects',
    summary: 'Change the name, description, instructions or defaults (editors and owners)',
    description: `${ACCESS} A viewer's change is a 403.`,
    access: 'user',
    params: projectParamsSchema,
    body: updateProjectSchema,
    answers: [{ status: 200, description: 'Changed', schema: projectAnswerSchema }],
  },
  {
    method: 'delete',
    path: '/api/projects/:id',
    tag: 'Projects',
    summary: 'Delete a project (owners); its conversations stay, outside any project',
    description: ACCESS,
    access: 'user',
    params: projectParamsSchema,
    answers: [{ status: 200, description: 'Deleted', schema: projectDeletedAnswerSchema }],
  },
  {
    method: 'post',
    path: '/api/projects/:id/files',
    tag: 'Projects',
    summary: 'Add one of your files to the project’s knowledge (editors and owners)',
    description: `${ACCESS} Another user's file id is a 404. Answers the project's files.`,
    access: 'user',
    params: projectParamsSchema,
    body: projectFileSchema,
    answers: [{ status: 200, description: 'The project’s files', schema: files }],
  },
  {
    method: 'delete',
    path: '/api/projects/:id/files',
    tag: 'Projects',
    summary: 'Take a file out of the project’s knowledge (editors and owners)',
    description: `${ACCESS} Answers the project's files.`,
    access: 'user',
    params: projectParamsSchema,
    body: projectFileSchema,
    answers: [{ status: 200, description: 'The project’s files', schema: files }],
  },
  {
    method: 'put',
    path: '/api/projects/:id/members',
    tag: 'Projects',
    summary: 'Add a person to the project or change their role (owners)',
    description: `${ACCESS} The last owner cannot be demoted (409). Answers the members.`,
    access: 'user',
    params: projectParamsSchema,
    body: projectMemberSchema,
    answers: [{ status: 200, description: 'The members', schema: members }],
  },
  {
    method: 'delete',
    path: '/api/projects/:id/members',
    tag: 'Projects',
    summary: 'Remove a person from the project (owners), or leave it (anyone, with your own id)',
    description: `${ACCESS} They lose access at once. The last owner cannot leave (409).`,
    access: 'user',
    params: projectParamsSchema,
    body: removeProjectMemberSchema,
    answers: [{ status: 200, description: 'Removed', schema: z.object({ removed: z.literal(true) }) }],
  },
];

import {
  createProjectSchema,
  projectFileSchema,
  projectMemberSchema,
  projectParamsSchema,
  removeProjectMemberSchema,
  updateProjectSchema,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { addProjectFile, removeProjectFile } from '../services/projects/project-files.ts';
import { putProjectMember, removeProjectMember } from '../services/projects/project-members.ts';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from '../services/projects/project-service.ts';

/** Projects (issue 41): every call is the caller's as a member; another user's project is a 404. */
export function projectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };
  const idOf = (params: unknown) => parse(projectParamsSchema, params, 'params').id;

  app.get('/api/projects', auth, async (request) => listProjects(ctx.db, currentUser(request).id));

  app.post('/api/projects', auth, async (request, reply) => {
    const body = parse(createProjectSchema, request.body);
    return reply.code(201).send(await createProject(ctx.db, currentUser(request).id, body));
  });

  app.get('/api/projects/:id', auth, async (request) =>
    getProject(ctx.db, currentUser(request).id, idOf(request.params)),
  );

  app.patch('/api/projects/:id', auth, async (request) => {
    const id = idOf(request.params);
    const body = parse(updateProjectSchema, request.body);
    return updateProject(ctx.db, currentUser(request).id, id, body);
  });

  app.delete('/api/projects/:id', auth, async (request) =>
    deleteProject(ctx.db, currentUser(request).id, idOf(request.params)),
  );

  app.post('/api/projects/:id/files', auth, async (request) => {
    const id = idOf(request.params);
    const { file_id } = parse(projectFileSchema, request.body);
    return addProjectFile(ctx.db, currentUser(request).id, id, file_id);
  });

  app.delete('/api/projects/:id/files', auth, async (request) => {
    const id = idOf(request.params);
    const { file_id } = parse(projectFileSchema, request.body);
    return removeProjectFile(ctx.db, currentUser(request).id, id, file_id);
  });

  app.put('/api/projects/:id/members', auth, async (request) => {
    const id = idOf(request.params);
    const body = parse(projectMemberSchema, request.body);
    return putProjectMember(ctx.db, currentUser(request).id, id, body);
  });

  app.delete('/api/projects/:id/members', auth, async (request) => {
    const id = idOf(request.params);
    const { userId } = parse(removeProjectMemberSchema, request.body);
    return removeProjectMember(ctx.db, currentUser(request).id, id, userId);
  });
}

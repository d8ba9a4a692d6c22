import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { currentUser } from './authenticate.ts';
import type { AuditActor } from '../services/audit/audit-log.ts';
import { findUserById } from '../services/users/user-service.ts';

/** The signed-in administrator of a request, as the audit log names them: id, address, IP. */
export async function auditActorOf(db: Database, request: FastifyRequest): Promise<AuditActor> {
  const { id } = currentUser(request);
  const user = await findUserById(db, id);
  return { id, email: user?.email ?? null, ip: request.ip };
}

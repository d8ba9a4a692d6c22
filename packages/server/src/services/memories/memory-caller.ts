import type { Database } from '../../db/client.ts';
import { loadSharedEntityCaller } from '../permissions/shared-entity-caller.ts';
import type { MemoryCaller } from './memory-service.ts';

/** The caller with their role as stored now (a token may predate a role change). */
export async function loadMemoryCaller(db: Database, userId: string): Promise<MemoryCaller> {
  const { id, role } = await loadSharedEntityCaller(db, userId);
  return { id, role };
}

import type { Agent } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { avatarFileRow, storeAvatarPicture } from '../files/avatar-service.ts';
import type { StoredUpload } from '../files/upload-service.ts';
import type { AgentCaller } from './agent-caller.ts';
import type { AgentDeps } from './agent-deps.ts';
import { updateAgent } from './agent-service.ts';

/**
 * POST /api/files/images/agents/{agent_id}/avatar: the picture checked and stored as the user
 * avatars are (PNG or JPEG within the avatar limit, centre square, WebP), served at the avatar
 * path, and set as the agent's avatar — a new version of the agent. Earlier versions keep their
 * pictures, so a revert shows the avatar it had. A refused update leaves nothing stored.
 */
export async function setAgentAvatar(
  deps: AgentDeps,
  store: BlobStore,
  caller: AgentCaller,
  agentId: string,
  upload: StoredUpload,
  limit: number,
): Promise<Agent> {
  return storeAvatarPicture(store, caller.id, upload, limit, async (picture) => {
    await deps.db.insert(files).values(avatarFileRow(store, caller.id, upload, picture, 'agent_avatar'));
    try {
      return await updateAgent(deps, caller, agentId, {
        avatar: { filepath: picture.url, source: store.source },
      });
    } catch (err) {
      await deps.db.delete(files).where(eq(files.fileId, picture.fileId));
      throw err;
    }
  });
}

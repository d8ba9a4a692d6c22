import type { ParleyFile } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { storeToolFile } from '../files/store-tool-file.ts';
import { ToolAnswerWithImages, type ToolRunContext } from '../tools/tool.ts';
import type { MadePicture } from './provider-pictures.ts';

/** Where an image tool keeps what it made: the caller's files, in the database and the BlobStore. */
export interface PictureStorage {
  db: Database;
  blobStore: BlobStore;
}

/**
 * Stores the pictures as the caller's files in the conversation and says what was made, with
 * their ids (so a later call can edit them); the pictures become image parts of the answer.
 * `note` is anything more the model should read (e.g. what the provider said with the picture).
 */
export async function answerWithPictures(
  storage: PictureStorage,
  context: ToolRunContext,
  made: MadePicture[],
  what: { verb: string; tool: string; note?: string },
): Promise<ToolAnswerWithImages> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const stored: ParleyFile[] = [];
  for (const [i, picture] of made.entries()) {
    const extension = picture.type.slice('image/'.length).replace('jpeg', 'jpg');
    stored.push(
      await storeToolFile(
        storage.db,
        storage.blobStore,
        { userId: context.userId, conversationId: context.conversationId, toolResource: what.tool },
        { filename: `image-${stamp}-${i + 1}.${extension}`, ...picture },
      ),
    );
  }
  const list = stored.map((f) => `- ${f.file_id} (${f.width}x${f.height})`).join('\n');
  return new ToolAnswerWithImages(
    `${what.verb} ${stored.length} picture${stored.length === 1 ? '' : 's'}; the user sees ${stored.length === 1 ? 'it' : 'them'} ` +
      `below this call. File ids, for later edits:\n${list}${what.note ? `\n\n${what.note}` : ''}`,
    stored,
  );
}

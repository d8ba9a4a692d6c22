import type { ParleyFile } from '@parley/schema';
import { create } from 'zustand';
import { authStore } from '../../store/auth-store';

/** A file chosen for the next message: uploading (progress below 1) or uploaded. */
export interface Attachment {
  /** The browser's id for the upload (the server's temp_file_id). */
  id: string;
  name: string;
  size: number;
  type: string;
  /** 0.1 to 1; below 1 it is still loading and cannot be removed. */
  progress: number;
  /** An object URL for a picture's thumbnail. */
  preview?: string;
  /** The server's file once uploaded. */
  file?: ParleyFile;
  abort?: AbortController;
}

interface AttachmentsState {
  /** Attachments by conversation id ("new" for a new chat). */
  byConversation: Record<string, Attachment[]>;
  add: (conversationId: string, attachment: Attachment) => void;
  update: (conversationId: string, id: string, patch: Partial<Attachment>) => void;
  remove: (conversationId: string, id: string) => void;
  clear: (conversationId: string) => void;
  /** Sets a conversation's attachments from its draft, unless this page already has some. */
  hydrate: (conversationId: string, attachments: Attachment[]) => void;
}

export const useAttachments = create<AttachmentsState>((set) => ({
  byConversation: {},
  add: (cid, attachment) =>
    set((s) => ({
      byConversation: { ...s.byConversation, [cid]: [...(s.byConversation[cid] ?? []), attachment] },
    })),
  update: (cid, id, patch) =>
    set((s) => ({
      byConversation: {
        ...s.byConversation,
        [cid]: (s.byConversation[cid] ?? []).map((a) => (a.id === id ? { ...a, ...patch } : a)),
      },
    })),
  remove: (cid, id) =>
    set((s) => ({
      byConversation: {
        ...s.byConversation,
        [cid]: (s.byConversation[cid] ?? []).filter((a) => a.id !== id),
      },
    })),
  clear: (cid) => set((s) => ({ byConversation: { ...s.byConversation, [cid]: [] } })),
  hydrate: (cid, attachments) =>
    set((s) =>
      s.byConversation[cid] === undefined
        ? { byConversation: { ...s.byConversation, [cid]: attachments } }
        : s,
    ),
}));

// Attachments belong to the account that chose them: signing out, or another account signing in
// in this page, starts from none (their drafts in storage go by claimDraftsFor's rule).
authStore.subscribe((next, previous) => {
  if (next.user?.id !== previous.user?.id) useAttachments.setState({ byConversation: {} });
});

const EMPTY: Attachment[] = [];
export const useConversationAttachments = (cid: string) =>
  useAttachments((s) => s.byConversation[cid] ?? EMPTY);

/** The `files` entries a message carries for its uploaded attachments. */
export function messageFiles(attachments: Attachment[]): Record<string, unknown>[] {
  return attachments.flatMap((a) =>
    a.file
      ? [
          {
            file_id: a.file.file_id,
            filepath: a.file.filepath,
            filename: a.file.filename,
            type: a.file.type,
            ...(a.file.width ? { width: a.file.width, height: a.file.height } : {}),
          },
        ]
      : [],
  );
}

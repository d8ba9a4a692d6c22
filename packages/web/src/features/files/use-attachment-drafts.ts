import { useEffect } from 'react';
import { useAttachments, type Attachment } from './attachments-store';
import { readFileDraft, writeFileDraft } from './attachment-drafts';
import { localStore } from './local-store';

/** An uploaded file restored from its draft, as the chips and the send show it. */
const restored = (file: Attachment['file'] & object): Attachment => ({
  id: file.temp_file_id ?? file.file_id,
  name: file.filename,
  size: file.bytes,
  type: file.type,
  progress: 1,
  file,
});

/**
 * Keeps a conversation's attachments in its draft: the first time the conversation's box shows
 * in this page, its stored files come back as uploaded attachments; afterwards every change is
 * saved (only finished uploads — one still running is lost with the page, as its upload is), and
 * sending, which clears the attachments, removes the draft. Off with the save-drafts setting.
 */
export function useAttachmentDrafts(conversationId: string, enabled: boolean): void {
  useEffect(() => {
    const store = localStore();
    if (!store || !enabled) return;
    const state = useAttachments.getState();
    if (state.byConversation[conversationId] === undefined) {
      const files = readFileDraft(store, conversationId);
      if (files.length) state.hydrate(conversationId, files.map(restored));
    }
    const save = (list: Attachment[] | undefined) => {
      if (list === undefined) return;
      writeFileDraft(
        store,
        conversationId,
        list.flatMap((a) => (a.progress >= 1 && a.file ? [a.file] : [])),
      );
    };
    return useAttachments.subscribe((next, previous) => {
      const list = next.byConversation[conversationId];
      if (list !== previous.byConversation[conversationId]) save(list);
    });
  }, [conversationId, enabled]);
}

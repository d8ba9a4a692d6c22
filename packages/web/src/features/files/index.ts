/** The files feature as other folders see it: import from here, never from its other files. */
export { AttachmentChips } from './attachment-chips';
export { messageFiles, useAttachments, useConversationAttachments } from './attachments-store';
export { DropOverlay } from './drop-overlay';
export { ImageFile, MessageFiles, type MessageFile } from './message-files';
export { pastedName } from './prepare-image';
export { useAttach, useFileConfig } from './use-attach';
export { useFileDrop } from './use-file-drop';
export { FILES_DRAFT_PREFIX } from './attachment-drafts';
export { useAttachmentDrafts } from './use-attachment-drafts';
export { AttachMenu } from './attach-menu';
export { useUploadChooser } from './use-upload-chooser';
export { UploadTypeDialog } from './upload-type-dialog';
export { toolResourceOf } from './upload-options';
export { usePendingDeletesAtStart } from './use-pending-deletes-at-start';
export { ExpiredFileChip } from './expired-file-chip';

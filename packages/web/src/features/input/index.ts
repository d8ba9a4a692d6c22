/** The input feature as other folders see it: import from here, never from its other files. */
export { ChatInput } from './chat-input';
export type { ChatInputHandle, ChatInputProps } from './chat-input';
export { hasUnsentDrafts, PENDING_DRAFT_ID } from './draft-storage';
export { parseChatQuery, setupToQuery, withoutTransient } from './query-params';
export { moveDraftInStorage } from './use-draft';

/** The conversation-actions feature as other folders see it: import from here, never from its other files. */
export { ChatHeaderActions } from './chat-header-actions';
export { DeleteDialog } from './delete-dialog';
export { SidebarConversations } from './sidebar-conversations';
export { useConversationActions } from './use-conversation-actions';

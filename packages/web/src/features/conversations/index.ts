/** The conversations feature as other folders see it: import from here, never from its other files. */
export { ConversationList } from './conversation-list';
export { addConversationToList, patchConversationInList } from './conversations-api';
export { conversationKeys } from './conversation-keys';
export { ALL_LISTS, patchEverywhere, refreshLists, removeFromLists } from './list-cache';
export { followOtherTabs } from './list-sync';

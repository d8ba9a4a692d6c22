/** The conversation-actions feature as other folders see it: import from here, never from its other files. */
export { actionsApi } from './actions-api';
export { ChatHeaderActions } from './chat-header-actions';
export { DeleteDialog } from './delete-dialog';
export { ForkButton } from './fork-button';
export { ForkSettingsSection } from './fork-settings-section';
export { ALL_LISTS, patchEverywhere, refreshLists } from './list-cache';
export { MANAGER_SEARCH_DEBOUNCE_MS, ManagerList, ManagerSearch, SettingsActionRow } from './manager-parts';
export { MENU_CONTENT, MENU_ITEM } from './menu-styles';
export { SidebarConversations } from './sidebar-conversations';
export { useConversationActions } from './use-conversation-actions';

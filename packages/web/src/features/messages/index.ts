/** The messages feature as other folders see it: import from here, never from its other files. */
export { useBranches, useVisiblePath } from './branch-store';
export { LazyMarkdown, preloadMarkdown } from './lazy-markdown';
export { MessageBody } from './message-body';
export type { MessageListProps } from './message-list';
export { requestEdit } from './edit-request';
export { buildTree, visiblePath } from './message-tree';
export type { SiblingChoices, VisibleMessage } from './message-tree';
export { SiblingNav } from './sibling-nav';
export { useMessageActions } from './use-message-actions';
export { useWindowMessageVirtualizer } from './use-message-virtualizer';

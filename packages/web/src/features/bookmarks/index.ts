/** The bookmarks feature as other folders see it: import from here, never from its other files. */
export { BookmarkMenu } from './bookmark-menu';
export { TagFilter, useTagFilter } from './tag-filter';

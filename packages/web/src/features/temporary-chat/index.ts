/** The temporary-chat feature as other folders see it: import from here, never from its other files. */
export { temporaryFlagFor, useTemporaryChat } from './temporary-store';
export { TemporaryToggle, useTemporaryState } from './temporary-toggle';

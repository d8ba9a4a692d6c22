/** The import-export feature as other folders see it: import from here, never from its other files. */
export { DataControlsTab } from './data-controls-tab';
export { exportConversation } from './export-conversation';

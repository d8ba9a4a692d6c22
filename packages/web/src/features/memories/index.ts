/** The memories feature as other folders see it: import from here, never from its other files. */
export { PersonalizationTab } from './personalization-tab';
export { MemoryNotice } from './memory-notice';
export { memoryKeys } from './memories-api';

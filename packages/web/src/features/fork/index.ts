/** The fork feature as other folders see it: import from here, never from its other files. */
export { ForkButton } from './fork-button';
export { ForkSettingsSection } from './fork-settings-section';

/** The side-panel feature as other folders see it: import from here, never from its other files. */
export { SidePanel, SidePanelToggle } from './side-panel';
export type { SidePanelSection } from './side-panel-section';
export { openSidePanelSection } from './side-panel-store';

/** The presets feature as other folders see it: import from here, never from its other files. */
export { usePresets } from './presets-api';
export { PresetsMenu, setupOfPreset } from './presets-menu';

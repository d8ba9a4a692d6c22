/** The chat input's tools menu and badges as other folders see it. */
export { ToolBadges } from './tool-badges';
export { ToolsMenu } from './tools-menu';
export { moveToolSelection, selectedToolFlags } from './tool-selection';

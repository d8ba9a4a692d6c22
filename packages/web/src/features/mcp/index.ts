export { McpPickerSlot } from './mcp-picker-slot';
export { selectedMcpServers } from './mcp-selection';
export { useMcpSection } from './mcp-side-panel';

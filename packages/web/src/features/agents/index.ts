/** The agents feature as other folders see it: import from here, never from its other files. */
export { useAgentBuilderSection } from './agent-builder-section';
export { AgentLabel, AgentMenuItems, AgentStarters, preloadAgentMenuItems } from './lazy-agent-parts';
export { AGENTS_ENDPOINT } from './agents-endpoint';
export { useAgentList, useAgentTools } from './agent-queries';
export { capabilitiesOf } from '../../api/agent-capabilities';

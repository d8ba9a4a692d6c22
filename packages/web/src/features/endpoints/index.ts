/** The endpoints feature as other folders see it: import from here, never from its other files. */
export { orderedEndpoints, setupFields, setupOfConversation, validSetup } from './chat-setup';
export type { ChatSetup } from './chat-setup';
export { EndpointMenu } from './endpoint-menu';
export { KeyButton } from './key-dialog';
export { findSpec, setupOfSpec } from './model-specs';
export { fitParameters } from '../model-parameters';
export { ParametersButton } from './parameters-panel';
export { lastModels, lastSetup, useSetupStore } from './setup-store';
export { modelLabel } from './model-choices';

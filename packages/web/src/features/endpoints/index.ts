/** The endpoints feature as other folders see it: import from here, never from its other files. */
export { orderedEndpoints, setupFields, validSetup } from './chat-setup';
export type { ChatSetup } from './chat-setup';
export { EndpointMenu } from './endpoint-menu';
export { KeyButton } from './key-dialog';
export { setupOfSpec } from './model-specs';
export { fitParameters } from '../model-parameters';
export { ParametersButton } from './parameters-panel';
export { lastModels, useSetupStore } from './setup-store';
export { useChatSetup } from './use-chat-setup';

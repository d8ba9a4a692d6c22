/** The tools feature as other folders see it: import from here, never from its other files. */
export { ToolCredentialsDialog } from './tool-credentials-dialog';
export { toolKeys, useToolCredentials, useTools } from './tools-api';

import { addAgentBuilderStrings } from '../../i18n/agent-builder-strings';
import { ToolCredentialsDialog } from '../tools';

// The credential dialog's strings come with the agent builder's: loaded with this module, when the
// dialog first opens, so the chat page does not carry them.
addAgentBuilderStrings();

export default ToolCredentialsDialog;

import { accountOperations } from './account-operations.ts';
import { adminUsageOperations } from './admin-usage-operations.ts';
import { agentOperations } from './agent-operations.ts';
import { apiKeyOperations } from './api-key-operations.ts';
import { adminOperations } from './admin-operations.ts';
import { conversationOperations } from './conversation-operations.ts';
import { libraryOperations } from './library-operations.ts';
import { memoryOperations } from './memory-operations.ts';
import { projectOperations } from './project-operations.ts';
import { mcpOperations } from './mcp-operations.ts';
import { speechOperations } from './speech-operations.ts';
import type { OperationDoc } from './operation-doc.ts';
import { systemOperations } from './system-operations.ts';
import { linkedIdentityOperations } from './linked-identity-operations.ts';
import { walletOperations } from './wallet-operations.ts';
import { setupAndProfileOperations } from './setup-and-profile-operations.ts';

/** Every operation of the HTTP API, as the OpenAPI document lists them. */
export const apiOperations: OperationDoc[] = [
  ...libraryOperations,
  ...agentOperations,
  ...mcpOperations,
  ...accountOperations,
  ...setupAndProfileOperations,
  ...walletOperations,
  ...linkedIdentityOperations,
  ...memoryOperations,
  ...projectOperations,
  ...speechOperations,
  ...conversationOperations,
  ...systemOperations,
  ...apiKeyOperations,
  ...adminOperations,
  ...adminUsageOperations,
];

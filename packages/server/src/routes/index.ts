import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { assistantsRoutes } from './assistants-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { ssoRoutes } from './sso-routes.ts';
import { walletRoutes } from './wallet-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { balanceRoutes } from './balance-routes.ts';
import { adminUsageRoutes } from './admin-usage-routes.ts';
import { chatRoutes } from './chat-routes.ts';
import { keyRoutes } from './key-routes.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { openAiRoutes } from './openai-routes.ts';
import { tokenizerRoutes } from './tokenizer-routes.ts';
import { debugRoutes } from './debug-routes.ts';
import { docsRoutes } from './docs-routes.ts';
import { rolesRoutes } from './roles-routes.ts';
import { conversationRoutes } from './conversation-routes.ts';
import { messageRoutes } from './message-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
import { systemRoutes } from './system-routes.ts';
import { userRoutes } from './user-routes.ts';
import { setupRoutes } from './setup-routes.ts';
import { promptRoutes } from './prompt-routes.ts';
import { presetRoutes } from './preset-routes.ts';
import { shareRoutes } from './share-routes.ts';
import { tagRoutes } from './tag-routes.ts';
import { importExportRoutes } from './import-export-routes.ts';
import { fileRoutes } from './file-routes.ts';
import { imageRoutes } from './image-routes.ts';
import { actionOAuthRoutes } from './action-oauth-routes.ts';
import { agentRoutes } from './agent-routes.ts';
import { codeRunRoutes } from './code-run-routes.ts';
import { toolRoutes } from './tool-routes.ts';
import { memoryRoutes } from './memory-routes.ts';
import { projectRoutes } from './project-routes.ts';
import { mcpRoutes } from './mcp-routes.ts';
import { speechRoutes } from './speech-routes.ts';
import { adminUserRoutes } from './admin-user-routes.ts';
import { adminConsoleRoutes } from './admin-console-routes.ts';

export type RouteModule = (
  app: FastifyInstance,
  ctx: AppContext,
  engines: AppEngines,
) => void | Promise<void>;

/** Every route module of the API, registered in this order. */
export const routeModules: RouteModule[] = [
  systemRoutes,
  operationsRoutes,
  docsRoutes,
  authRoutes,
  setupRoutes,
  ssoRoutes,
  walletRoutes,
  twoFactorRoutes,
  passkeyRoutes,
  userRoutes,
  balanceRoutes,
  adminUsageRoutes,
  rolesRoutes,
  adminUserRoutes,
  adminConsoleRoutes,
  conversationRoutes,
  messageRoutes,
  promptRoutes,
  presetRoutes,
  shareRoutes,
  tagRoutes,
  projectRoutes,
  importExportRoutes,
  fileRoutes,
  imageRoutes,
  agentRoutes,
  actionOAuthRoutes,
  toolRoutes,
  codeRunRoutes,
  memoryRoutes,
  mcpRoutes,
  speechRoutes,
  chatRoutes,
  assistantsRoutes,
  keyRoutes,
  apiKeyRoutes,
  openAiRoutes,
  tokenizerRoutes,
  debugRoutes,
];

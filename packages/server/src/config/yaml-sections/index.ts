import { z } from 'zod';
import { actionsSection } from './actions.ts';
import { agentsSection } from './agents.ts';
import { balanceSection } from './balance.ts';
import { cacheSection } from './cache.ts';
import { endpointsSection } from './endpoints.ts';
import { fileConfigSection } from './file-config.ts';
import { fileStrategiesSection } from './file-strategies.ts';
import { fileStrategySection } from './file-strategy.ts';
import { fallbacksSection } from './fallbacks.ts';
import { filteredToolsSection } from './filtered-tools.ts';
import { imageOutputTypeSection } from './image-output-type.ts';
import { includedToolsSection } from './included-tools.ts';
import { interfaceSection } from './interface.ts';
import { mcpServersSection } from './mcp-servers.ts';
import { memorySection } from './memory.ts';
import { modelSpecsSection } from './model-specs.ts';
import { ocrSection } from './ocr.ts';
import { rateLimitsSection } from './rate-limits.ts';
import { registrationSection } from './registration.ts';
import { implemented } from './section.ts';
import { secureImageLinksSection } from './secure-image-links.ts';
import { speechSection } from './speech.ts';
import { transactionsSection } from './transactions.ts';
import { turnstileSection } from './turnstile.ts';
import { webSearchSection } from './web-search.ts';

/**
 * Every top-level section of the librechat.yaml 1.2.8 format that `parley.yaml` accepts, each
 * defined in its own file as implemented or not yet implemented. A key not listed here is refused.
 */
export const yamlSections = {
  version: implemented(z.string()),
  interface: interfaceSection,
  registration: registrationSection,
  endpoints: endpointsSection,
  modelSpecs: modelSpecsSection,
  cache: cacheSection,
  fileStrategy: fileStrategySection,
  fileStrategies: fileStrategiesSection,
  fileConfig: fileConfigSection,
  balance: balanceSection,
  transactions: transactionsSection,
  rateLimits: rateLimitsSection,
  actions: actionsSection,
  mcpServers: mcpServersSection,
  speech: speechSection,
  webSearch: webSearchSection,
  memory: memorySection,
  ocr: ocrSection,
  turnstile: turnstileSection,
  includedTools: includedToolsSection,
  filteredTools: filteredToolsSection,
  secureImageLinks: secureImageLinksSection,
  imageOutputType: imageOutputTypeSection,
  agents: agentsSection,
  fallbacks: fallbacksSection,
};

export type YamlSectionName = keyof typeof yamlSections;

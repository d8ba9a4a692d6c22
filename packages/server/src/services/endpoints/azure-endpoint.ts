import { USER_PROVIDED } from '@parley/schema';
import type { AppConfig } from '../../config/app-config.ts';
import { ConfigError } from '../../config/env.ts';
import type { AzureGroupConfig, AzureSectionConfig } from '../../config/yaml-schema.ts';
import {
  azureInstanceBase,
  DEFAULT_AZURE_API_VERSION,
  type AzureDeployment,
} from '../providers/azure-deployment.ts';
import { lazyProvider } from '../providers/lazy-provider.ts';
import { commaList } from './default-models.ts';
import type { ChatEndpoint } from './endpoint.ts';

/**
 * Every model of every group with the deployment that serves it: the model's own
 * deploymentName / version, else the group's, else (deployment) the model name itself.
 */
export function azureDeployments(groups: AzureGroupConfig[]): Map<string, AzureDeployment> {
  const result = new Map<string, AzureDeployment>();
  for (const group of groups) {
    const baseURL = group.baseURL?.replace(/\/+$/, '') ?? azureInstanceBase(group.instanceName ?? '');
    for (const [model, setting] of Object.entries(group.models)) {
      if (setting === false) continue;
      const own = typeof setting === 'object' ? setting : {};
      result.set(model, {
        apiKey: group.apiKey,
        baseURL,
        deploymentName: own.deploymentName ?? group.deploymentName ?? model,
        apiVersion: own.version ?? group.version ?? DEFAULT_AZURE_API_VERSION,
        headers: group.additionalHeaders,
        addParams: group.addParams,
        dropParams: group.dropParams,
        serverless: group.serverless,
      });
    }
  }
  return result;
}

/**
 * The groups of parley.yaml `endpoints.azureOpenAI`, or LibreChat's single-instance variables
 * (AZURE_API_KEY, AZURE_OPENAI_API_INSTANCE_NAME, AZURE_OPENAI_API_DEPLOYMENT_NAME,
 * AZURE_OPENAI_API_VERSION, AZURE_OPENAI_MODELS) as one group.
 */
function azureGroups(config: AppConfig): {
  groups: AzureGroupConfig[];
  section: Partial<AzureSectionConfig>;
} {
  const section = config.yaml.endpoints?.azureOpenAI;
  if (section) return { groups: section.groups, section };
  const { env } = config;
  const models = commaList(env.AZURE_OPENAI_MODELS);
  if (!env.AZURE_API_KEY || !env.AZURE_OPENAI_API_INSTANCE_NAME || models.length === 0)
    return { groups: [], section: {} };
  const deploymentName = env.AZURE_USE_MODEL_AS_DEPLOYMENT_NAME
    ? undefined
    : env.AZURE_OPENAI_API_DEPLOYMENT_NAME;
  return {
    groups: [
      {
        group: 'default',
        apiKey: env.AZURE_API_KEY,
        instanceName: env.AZURE_OPENAI_API_INSTANCE_NAME,
        deploymentName,
        version: env.AZURE_OPENAI_API_VERSION,
        models: Object.fromEntries(models.map((m) => [m, true])),
      },
    ],
    section: {},
  };
}

/** azureOpenAI: deployments grouped by instance (parley.yaml groups or the AZURE_* variables). */
export function azureEndpoint(config: AppConfig): ChatEndpoint | null {
  const { groups, section } = azureGroups(config);
  if (groups.length === 0) return null;
  // Per-user Azure keys would need a deployment map per user; Parley takes keys from the config.
  if (groups.some((g) => g.apiKey === USER_PROVIDED)) {
    throw new ConfigError(
      'endpoints.azureOpenAI: user_provided keys are not supported; give each group its apiKey',
    );
  }
  const deployments = azureDeployments(groups);
  return {
    name: 'azureOpenAI',
    type: 'azureOpenAI',
    family: 'openAI',
    order: 0,
    userProvide: false,
    userProvideURL: false,
    defaultModels: [...deployments.keys()],
    fetchModels: false,
    provider: lazyProvider(async () =>
      (await import('../providers/azure-provider.ts')).createAzureProvider(deployments),
    ),
    title:
      (section.titleConvo ?? config.env.TITLE_CONVO ?? true)
        ? { kind: 'provider', model: section.titleModel, prompt: section.titlePrompt }
        : { kind: 'none' },
    isDemo: false,
    maxContextTokens: section.maxContextTokens,
    streamRate: section.streamRate,
  };
}

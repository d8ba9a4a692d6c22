import { API_AGENTS_PREFIX, API_SPEC_PREFIX, type ModelInfo } from '@parley/schema';
import { z } from 'zod';
import { agentsEndpointSchema } from './agents-endpoint.ts';
import { implemented } from './section.ts';
import { titleKeys } from './title-keys.ts';

/** The format's built-in endpoint names; a custom endpoint must not take one. */
const BUILT_IN_ENDPOINTS = [
  'openAI',
  'azureOpenAI',
  'google',
  'anthropic',
  'bedrock',
  'assistants',
  'azureAssistants',
  'agents',
  'gptPlugins',
  'chatGPTBrowser',
  'custom',
];
/** Words the chat routes use as path segments; an endpoint of that name would shadow them. */
const RESERVED_ENDPOINT_NAMES = ['abort', 'active', 'stream', 'status', 'approve', 'answer'];
/**
 * Prefixes of the `/v1/` API's model names (`agents/<id>`, `spec/<name>`): an endpoint of that name
 * would make `<endpoint>/<model>` ambiguous. `agents` is a built-in name already; endpoints are
 * found case-insensitively, so both are refused in any case.
 */
const API_MODEL_PREFIXES = [API_AGENTS_PREFIX, API_SPEC_PREFIX];

const stringMap = z.record(z.string(), z.string());

/**
 * A model of an endpoint's list: its id, or the id with the name and description the model menu
 * shows (`label`, `description`).
 */
const modelEntry = z.union([
  z.string(),
  z.strictObject({ name: z.string(), label: z.string().optional(), description: z.string().optional() }),
]);
export type ModelEntry = z.infer<typeof modelEntry>;

/** The menu names and descriptions a model list gives, by model id (none for plain ids). */
export function modelInfoOf(entries: readonly ModelEntry[] | undefined): Record<string, ModelInfo> {
  const info: Record<string, ModelInfo> = {};
  for (const entry of entries ?? []) {
    if (typeof entry === 'string' || (!entry.label && !entry.description)) continue;
    info[entry.name] = {
      ...(entry.label ? { label: entry.label } : {}),
      ...(entry.description ? { description: entry.description } : {}),
    };
  }
  return info;
}

export const customEndpointSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .refine((n) => !BUILT_IN_ENDPOINTS.includes(n), 'must not equal a built-in endpoint name')
    .refine((n) => !RESERVED_ENDPOINT_NAMES.includes(n.toLowerCase()), 'is a word the chat routes use')
    .refine(
      (n) => !API_MODEL_PREFIXES.includes(n.toLowerCase()),
      'is a model-name prefix of the /v1/ API (agents/…, spec/…)',
    ),
  apiKey: z.string(),
  baseURL: z.string(),
  models: z.strictObject({
    default: z.array(modelEntry).min(1, 'needs at least one model'),
    fetch: z.boolean().optional(),
    userIdQuery: z.boolean().optional(),
  }),
  titleConvo: z.boolean().optional(),
  titleModel: z.string().optional(),
  titleMethod: z.enum(['completion', 'functions', 'structured']).optional(),
  titlePrompt: z.string().optional(),
  titlePromptTemplate: z.string().optional(),
  titleMessageRole: z.string().optional(),
  titleEndpoint: z.string().optional(),
  summarize: z.boolean().optional(),
  summaryModel: z.string().optional(),
  forcePrompt: z.boolean().optional(),
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  headers: stringMap.optional(),
  addParams: z.record(z.string(), z.unknown()).optional(),
  dropParams: z.array(z.string()).optional(),
  customParams: z.unknown().optional(),
  directEndpoint: z.boolean().optional(),
  streamRate: z.number().optional(),
  maxContextTokens: z.number().int().positive().optional(),
});
export type CustomEndpointConfig = z.infer<typeof customEndpointSchema>;

/** Sections Parley does not implement yet (assistants, all): accepted as they are. */
const providerSection = z.record(z.string(), z.unknown());

const modelList = z.strictObject({
  default: z.array(modelEntry).min(1, 'needs at least one model').optional(),
  fetch: z.boolean().optional(),
  userIdQuery: z.boolean().optional(),
});

/** The keys every built-in provider section shares (librechat.yaml `baseEndpointSchema`). */
const builtInBase = {
  /** Overrides the environment's key; `user_provided` makes each user supply one. */
  apiKey: z.string().optional(),
  baseURL: z.string().optional(),
  models: modelList.optional(),
  ...titleKeys,
  streamRate: z.number().optional(),
  maxContextTokens: z.number().int().positive().optional(),
};

export const openAISectionSchema = z.strictObject({
  ...builtInBase,
  headers: stringMap.optional(),
  addParams: z.record(z.string(), z.unknown()).optional(),
  dropParams: z.array(z.string()).optional(),
});
export const anthropicSectionSchema = z.strictObject({ ...builtInBase, headers: stringMap.optional() });
export const googleSectionSchema = z.strictObject({ ...builtInBase, headers: stringMap.optional() });
export const bedrockSectionSchema = z.strictObject({
  ...builtInBase,
  region: z.string().optional(),
  availableRegions: z.array(z.string()).optional(),
  guardrailConfig: z
    .strictObject({
      guardrailIdentifier: z.string(),
      guardrailVersion: z.string(),
      trace: z.enum(['enabled', 'disabled', 'enabled_full']).optional(),
    })
    .optional(),
});

/** One model of an Azure group: `true` (the group's deployment) or its own deployment/version. */
const azureModel = z.union([
  z.boolean(),
  z.strictObject({ deploymentName: z.string().optional(), version: z.string().optional() }),
]);

export const azureGroupSchema = z
  .strictObject({
    group: z.string().min(1),
    apiKey: z.string(),
    instanceName: z.string().optional(),
    deploymentName: z.string().optional(),
    version: z.string().optional(),
    /** Replaces https://{instanceName}.openai.azure.com/openai (a proxy, or the simulator). */
    baseURL: z.string().optional(),
    additionalHeaders: stringMap.optional(),
    serverless: z.boolean().optional(),
    addParams: z.record(z.string(), z.unknown()).optional(),
    dropParams: z.array(z.string()).optional(),
    forcePrompt: z.boolean().optional(),
    models: z
      .record(z.string(), azureModel)
      .refine((m) => Object.keys(m).length > 0, 'needs at least one model'),
  })
  .superRefine((g, ctx) => {
    if (g.serverless && !g.baseURL)
      ctx.addIssue({ code: 'custom', path: ['baseURL'], message: 'a serverless group needs baseURL' });
    if (!g.serverless && !g.instanceName && !g.baseURL)
      ctx.addIssue({ code: 'custom', path: ['instanceName'], message: 'needs instanceName or baseURL' });
  });
export type AzureGroupConfig = z.infer<typeof azureGroupSchema>;

export const azureSectionSchema = z
  .strictObject({
    groups: z.array(azureGroupSchema).min(1, 'needs at least one group'),
    titleConvo: z.boolean().optional(),
    titleModel: z.string().optional(),
    titleMethod: z.enum(['completion', 'functions', 'structured']).optional(),
    titlePrompt: z.string().optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().optional(),
    streamRate: z.number().optional(),
    plugins: z.boolean().optional(),
    assistants: z.boolean().optional(),
    maxContextTokens: z.number().int().positive().optional(),
  })
  .superRefine((a, ctx) => {
    const seen = new Map<string, string>();
    a.groups.forEach((g, i) => {
      for (const model of Object.keys(g.models)) {
        const other = seen.get(model);
        if (other !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['groups', i, 'models', model],
            message: `model "${model}" is already in group "${other}"`,
          });
        seen.set(model, g.group);
      }
    });
  });
export type AzureSectionConfig = z.infer<typeof azureSectionSchema>;
export type BuiltInSectionConfig = z.infer<typeof openAISectionSchema> &
  Partial<z.infer<typeof bedrockSectionSchema>>;

export const endpointsSchema = z
  .strictObject({
    custom: z.array(customEndpointSchema).optional(),
    openAI: openAISectionSchema.optional(),
    azureOpenAI: azureSectionSchema.optional(),
    google: googleSectionSchema.optional(),
    anthropic: anthropicSectionSchema.optional(),
    bedrock: bedrockSectionSchema.optional(),
    assistants: providerSection.optional(),
    azureAssistants: providerSection.optional(),
    agents: agentsEndpointSchema.optional(),
    all: providerSection.optional(),
  })
  .refine((e) => Object.keys(e).length > 0, 'needs at least one endpoints field')
  .superRefine((e, ctx) => {
    const seen = new Set<string>();
    e.custom?.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['custom', i, 'name'],
          message: `duplicate endpoint name "${c.name}"`,
        });
      seen.add(key);
    });
  });

/** `endpoints`: the providers and models people can talk to. */
export const endpointsSection = implemented(endpointsSchema);

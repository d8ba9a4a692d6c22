import { z } from 'zod';
import { cursorQuery, searchQuery } from './list-query.ts';
import { toolApprovalPolicySchema, type ToolApprovalPolicy } from './tool-approval.ts';

/**
 * Agents: a named model setup with instructions, tools and files that its author
 * may share with every user. These are the API's shapes and the rules of every agent body.
 */

/** Limits of an agent definition. The spec fixes only the starters' count; the rest are Parley's. */
export const AGENT_LIMITS = {
  name: 256,
  description: 2_000,
  instructions: 100_000,
  provider: 100,
  model: 256,
  /** At most 4 conversation starters are shown. */
  conversationStarters: 4,
  conversationStarter: 1_000,
  tools: 100,
  toolName: 200,
  toolFiles: 500,
  modelParameters: 50,
  modelParameterText: 10_000,
  filepath: 1_000,
  recursionLimit: 1_000,
  /** Agents one agent hands over to in turn (the `chain` capability). */
  chainLength: 10,
  pageSize: { default: 10, max: 100 },
} as const;

/** Agent ids look like `agent_<random>` so they never collide with other ids in URLs. */
export const AGENT_ID_PATTERN = /^agent_[A-Za-z0-9_-]{1,64}$/;
export const AGENT_ID_PREFIX = 'agent_';

/** What an agent may be allowed to do, from parley.yaml `endpoints.agents.capabilities`. */
export const AGENT_CAPABILITIES = [
  'execute_code',
  'file_search',
  'web_search',
  'artifacts',
  'actions',
  'tools',
  'chain',
  'ocr',
] as const;
export type AgentCapability = (typeof AGENT_CAPABILITIES)[number];

/** The built-in agent categories; labels are i18n keys as the web app expects. */
export const AGENT_CATEGORIES = ['general', 'hr', 'rd', 'finance', 'it', 'sales', 'aftersales'] as const;
export type AgentCategory = (typeof AGENT_CATEGORIES)[number];

/** The tool resources an agent can carry, and the capability each one needs. */
export const TOOL_RESOURCE_CAPABILITY = {
  file_search: 'file_search',
  execute_code: 'execute_code',
  ocr: 'ocr',
} as const satisfies Record<string, AgentCapability>;
export type ToolResourceName = keyof typeof TOOL_RESOURCE_CAPABILITY;

// ---- entities as the API answers them ----

export interface AgentAvatar {
  filepath: string;
  source: string;
}

export interface AgentToolResources {
  file_search?: { file_ids: string[] };
  execute_code?: { file_ids: string[] };
  ocr?: { file_ids: string[] };
}

/** The fields that make up an agent's definition; each change of them is a new version. */
export interface AgentDefinition {
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  model_parameters: Record<string, string | number | boolean | null>;
  tools: string[];
  tool_resources: AgentToolResources;
  conversation_starters: string[];
  avatar: AgentAvatar | null;
  category: string;
  recursion_limit: number | null;
  /**
   * The agents that answer after this one, in turn, each seeing what the ones before it wrote
   * (the `chain` capability). Definitions saved before chains existed have none.
   */
  agent_ids?: string[];
  /**
   * Artifacts for this agent's answers: `default`, `shadcnui` or `custom` add the artifacts
   * instructions of that mode (as a chat with artifacts on does); `""` (or absent) is off.
   */
  artifacts?: AgentArtifactsMode;
  /**
   * How each named tool's calls are let through (`run`, `ask`, `never`); a tool not named follows
   * its default (`ask` for Actions that change things and destructive MCP tools, else `run`).
   */
  toolApproval?: Record<string, ToolApprovalPolicy>;
}

/** The artifacts modes an agent may name; `""` is off (what LibreChat's agent builder sends). */
export const AGENT_ARTIFACTS_MODES = ['', 'default', 'shadcnui', 'custom'] as const;
export type AgentArtifactsMode = (typeof AGENT_ARTIFACTS_MODES)[number];

export interface Agent extends AgentDefinition {
  id: string;
  /** User id of the author. */
  author: string;
  authorName: string;
  /** Contains the instance project id when shared to all users. */
  projectIds: string[];
  /** The number of the current version (1 after creation). */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * What someone who may use but not edit an agent sees of it: enough to pick and start it, not
 * the author's instructions, tools or files.
 */
export type AgentSummary = Pick<
  Agent,
  | 'id'
  | 'name'
  | 'description'
  | 'avatar'
  | 'author'
  | 'authorName'
  | 'projectIds'
  | 'conversation_starters'
  | 'category'
  | 'provider'
  | 'model'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
>;

/** GET /api/agents: one page, OpenAI-list style with an opaque cursor. */
export interface AgentListPage {
  object: 'list';
  data: (Agent | AgentSummary)[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
  /** Pass as `cursor` for the next page; null on the last. */
  after: string | null;
}

export interface AgentVersion extends AgentDefinition {
  version: number;
  /** User id of whoever made this version (the author or an admin). */
  updatedBy: string;
  createdAt: string;
}

export interface AgentCategoryOption {
  value: string;
  label: string;
  /** How many agents the caller can list in this category. */
  count: number;
}

// ---- field rules ----

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be a string` }).max(max, `${name} must be at most ${max} characters`);

const trimmed = (name: string, max: number) => text(name, max).trim();

/** A model parameter value: scalars only, so a definition stays small and comparable. */
const modelParameterValue = z.union([
  z.number().finite(),
  z.boolean(),
  z.null(),
  text('a model parameter', AGENT_LIMITS.modelParameterText),
]);

const modelParameters = z
  .record(text('a model parameter name', 100), modelParameterValue)
  .refine(
    (p) => Object.keys(p).length <= AGENT_LIMITS.modelParameters,
    `model_parameters may have at most ${AGENT_LIMITS.modelParameters} entries`,
  );

const toolName = z
  .string({ error: 'a tool must be a string' })
  .trim()
  .min(1, 'a tool name is required')
  .max(AGENT_LIMITS.toolName, `a tool name must be at most ${AGENT_LIMITS.toolName} characters`);

const tools = z
  .array(toolName, { error: 'tools must be a list' })
  .max(AGENT_LIMITS.tools, `at most ${AGENT_LIMITS.tools} tools`)
  .refine((t) => new Set(t).size === t.length, 'tools must not repeat');

const fileIds = z.object({
  file_ids: z
    .array(z.string().trim().min(1).max(200), { error: 'file_ids must be a list' })
    .max(AGENT_LIMITS.toolFiles, `at most ${AGENT_LIMITS.toolFiles} files per tool`),
});

const toolResources = z.object({
  file_search: fileIds.optional(),
  execute_code: fileIds.optional(),
  ocr: fileIds.optional(),
});

const conversationStarters = z
  .array(trimmed('a conversation starter', AGENT_LIMITS.conversationStarter), {
    error: 'conversation_starters must be a list',
  })
  .max(
    AGENT_LIMITS.conversationStarters,
    `at most ${AGENT_LIMITS.conversationStarters} conversation starters`,
  )
  .transform((s) => s.filter((starter) => starter.length > 0));

const avatar = z.object({
  filepath: trimmed('avatar.filepath', AGENT_LIMITS.filepath).min(1, 'avatar.filepath is required'),
  source: trimmed('avatar.source', 50).min(1, 'avatar.source is required'),
});

const toolApproval = z
  .record(toolName, toolApprovalPolicySchema, {
    error: 'toolApproval must map tool names to run, ask or never',
  })
  .refine(
    (m) => Object.keys(m).length <= AGENT_LIMITS.tools,
    `toolApproval names at most ${AGENT_LIMITS.tools} tools`,
  );

const recursionLimit = z
  .number({ error: 'recursion_limit must be a number' })
  .int('recursion_limit must be an integer')
  .min(1, 'recursion_limit must be at least 1')
  .max(AGENT_LIMITS.recursionLimit, `recursion_limit must be at most ${AGENT_LIMITS.recursionLimit}`);

const agentIds = z
  .array(z.string({ error: 'agent_ids must list agent ids' }).regex(AGENT_ID_PATTERN, 'not an agent id'), {
    error: 'agent_ids must be a list',
  })
  .max(AGENT_LIMITS.chainLength, `at most ${AGENT_LIMITS.chainLength} agents in a chain`)
  .refine((ids) => new Set(ids).size === ids.length, 'agent_ids names an agent twice');

/** Every field of a definition, each optional: the base of both create and update bodies. */
const definitionFields = {
  name: trimmed('name', AGENT_LIMITS.name),
  description: trimmed('description', AGENT_LIMITS.description),
  instructions: text('instructions', AGENT_LIMITS.instructions),
  provider: trimmed('provider', AGENT_LIMITS.provider).min(1, 'provider is required'),
  model: trimmed('model', AGENT_LIMITS.model).min(1, 'model is required'),
  model_parameters: modelParameters,
  tools,
  tool_resources: toolResources,
  conversation_starters: conversationStarters,
  avatar: avatar.nullable(),
  category: z.enum(AGENT_CATEGORIES, { error: `category must be one of ${AGENT_CATEGORIES.join(', ')}` }),
  recursion_limit: recursionLimit.nullable(),
  agent_ids: agentIds,
  artifacts: z.enum(AGENT_ARTIFACTS_MODES, {
    error: `artifacts must be one of "", default, shadcnui, custom`,
  }),
  toolApproval,
};

/** POST /api/agents. Provider and model are required; everything else has a default. */
export const createAgentSchema = z.object({
  name: definitionFields.name.default(''),
  description: definitionFields.description.default(''),
  instructions: definitionFields.instructions.default(''),
  provider: definitionFields.provider,
  model: definitionFields.model,
  model_parameters: definitionFields.model_parameters.default({}),
  tools: definitionFields.tools.default([]),
  tool_resources: definitionFields.tool_resources.default({}),
  conversation_starters: definitionFields.conversation_starters.default([]),
  avatar: definitionFields.avatar.default(null),
  category: definitionFields.category.default('general'),
  recursion_limit: definitionFields.recursion_limit.default(null),
  agent_ids: definitionFields.agent_ids.default([]),
  artifacts: definitionFields.artifacts.default(''),
  toolApproval: definitionFields.toolApproval.optional(),
});
export type CreateAgentBody = z.infer<typeof createAgentSchema>;

/** Sharing with all users: the instance project id added or removed (as for prompt groups). */
const projectIdList = z.array(z.string().trim().min(1).max(100)).max(10);

/** PATCH /api/agents/{id}: any definition field, and sharing. An empty body changes nothing. */
export const updateAgentSchema = z.object({
  name: definitionFields.name.optional(),
  description: definitionFields.description.optional(),
  instructions: definitionFields.instructions.optional(),
  provider: definitionFields.provider.optional(),
  model: definitionFields.model.optional(),
  model_parameters: definitionFields.model_parameters.optional(),
  tools: definitionFields.tools.optional(),
  tool_resources: definitionFields.tool_resources.optional(),
  conversation_starters: definitionFields.conversation_starters.optional(),
  avatar: definitionFields.avatar.optional(),
  category: definitionFields.category.optional(),
  recursion_limit: definitionFields.recursion_limit.optional(),
  agent_ids: definitionFields.agent_ids.optional(),
  artifacts: definitionFields.artifacts.optional(),
  toolApproval: definitionFields.toolApproval.optional(),
  projectIds: projectIdList.optional(),
  removeProjectIds: projectIdList.optional(),
});
export type UpdateAgentBody = z.infer<typeof updateAgentSchema>;

export const agentIdParamsSchema = z.strictObject({
  id: z.string({ error: 'agent id is required' }).regex(AGENT_ID_PATTERN, 'not an agent id'),
});

/** POST /api/agents/{id}/revert: the version number to restore (as GET …/versions lists them). */
export const revertAgentSchema = z.object({
  version: z.number({ error: 'version must be a number' }).int().min(1, 'version must be at least 1'),
});

const agentIdQuery = (name: string) =>
  z.string({ error: `${name} must be an agent id` }).regex(AGENT_ID_PATTERN, `${name} is not an agent id`);

/**
 * GET /api/agents: a page of what the caller can list, optionally searched and filtered. Besides
 * Parley's opaque `cursor`, the OpenAI-list keys LibreChat's client sends work too: `order`
 * (most recently changed first by default), `after`/`before` an agent id of the list, and
 * `provider` (only agents that use that endpoint).
 */
export const listAgentsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(AGENT_LIMITS.pageSize.max, `limit must be at most ${AGENT_LIMITS.pageSize.max}`)
    .default(AGENT_LIMITS.pageSize.default),
  cursor: cursorQuery,
  search: searchQuery,
  category: z
    .enum(AGENT_CATEGORIES, { error: `category must be one of ${AGENT_CATEGORIES.join(', ')}` })
    .optional(),
  /** Only agents shared to all users by someone else. */
  shared: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  after: agentIdQuery('after').optional(),
  before: agentIdQuery('before').optional(),
  provider: trimmed('provider', AGENT_LIMITS.provider).min(1, 'provider must not be empty').optional(),
});
export type ListAgentsQuery = z.infer<typeof listAgentsQuerySchema>;

/** POST /api/files/images/agents/{agent_id}/avatar. */
export const agentAvatarParamsSchema = z.strictObject({
  agent_id: z.string().regex(AGENT_ID_PATTERN, 'agent_id is not an agent id'),
});

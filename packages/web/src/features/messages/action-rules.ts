import type { EndpointsConfig, Message } from '@parley/schema';

/** Endpoints whose messages can be edited (custom endpoints count as custom). */
const EDITABLE = [
  'openAI',
  'custom',
  'google',
  'agents',
  'bedrock',
  'anthropic',
  'gptPlugins',
  'azureOpenAI',
];
/** Regenerate also works on the browser ChatGPT endpoint. */
const REGENERABLE = [...EDITABLE, 'chatGPTBrowser'];

function kindOf(endpoint: string | null | undefined, endpoints: EndpointsConfig | undefined): string {
  if (!endpoint) return '';
  return endpoints?.[endpoint]?.type === 'custom' ? 'custom' : endpoint;
}

export interface ActionState {
  submitting: boolean;
  editing: boolean;
  isLatest: boolean;
}

export interface AllowedActions {
  copy: boolean;
  edit: boolean;
  regenerate: boolean;
  continue: boolean;
  feedback: boolean;
}

/** Which buttons a message shows. A message with the error flag shows only regenerate. */
export function allowedActions(
  message: Message,
  endpoints: EndpointsConfig | undefined,
  state: ActionState,
): AllowedActions {
  const kind = kindOf(message.endpoint, endpoints);
  const editable = EDITABLE.includes(kind);
  const isSearch = Boolean(message.searchResult);
  const answer = !message.isCreatedByUser;
  const regenerate = answer && !isSearch && !state.editing && !state.submitting && REGENERABLE.includes(kind);
  if (message.error) return { copy: false, edit: false, regenerate, continue: false, feedback: false };
  const finish = message.finish_reason;
  return {
    copy: !state.editing,
    edit: !state.submitting && !isSearch && !state.editing && (message.isCreatedByUser || editable),
    regenerate,
    continue:
      answer &&
      state.isLatest &&
      !state.editing &&
      !state.submitting &&
      !isSearch &&
      editable &&
      typeof finish === 'string' &&
      finish !== 'stop',
    feedback: answer && !state.editing && !isSearch,
  };
}

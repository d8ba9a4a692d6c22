/**
 * The models a built-in endpoint offers when neither the environment (`*_MODELS`) nor
 * parley.yaml lists any. The first is the endpoint's default model.
 */
export const DEFAULT_MODELS = {
  openAI: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o4-mini', 'o3', 'o3-mini'],
  anthropic: [
    'claude-3-5-sonnet-latest',
    'claude-3-7-sonnet-latest',
    'claude-sonnet-4-20250514',
    'claude-opus-4-20250514',
    'claude-3-5-haiku-latest',
    'claude-3-opus-latest',
  ],
  google: [
    'gemini-1.5-flash-latest',
    'gemini-1.5-pro-latest',
    'gemini-2.0-flash',
    'gemini-2.5-flash',
    'gemini-2.5-pro',
  ],
  bedrock: [
    'anthropic.claude-3-5-sonnet-20240620-v1:0',
    'anthropic.claude-3-haiku-20240307-v1:0',
    'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
    'meta.llama3-1-70b-instruct-v1:0',
    'mistral.mistral-large-2407-v1:0',
    'cohere.command-r-plus-v1:0',
    'amazon.nova-pro-v1:0',
  ],
} as const;

/** A comma list from the environment (`OPENAI_MODELS=a,b`), blanks dropped. */
export function commaList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

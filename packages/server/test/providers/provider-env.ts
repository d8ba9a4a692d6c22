/**
 * Every provider kind configured as a deployment would, all pointed at one simulator: the
 * built-ins through their environment variables, Azure groups, Bedrock regions and a custom
 * endpoint through parley.yaml.
 */
export const providerEnv = (url: string): Record<string, string> => ({
  OPENAI_API_KEY: 'sk-openai',
  OPENAI_REVERSE_PROXY: `${url}/v1`,
  OPENAI_MODELS: 'gpt-4o-mini,thinking,slow,error-500,error-429,o3-mini/echo',
  ANTHROPIC_API_KEY: 'sk-ant',
  ANTHROPIC_REVERSE_PROXY: url,
  ANTHROPIC_MODELS: 'claude-3-5-sonnet/echo,claude-3-7-sonnet/thinking,claude-3-opus/echo,slow,error-500',
  GOOGLE_KEY: 'g-key',
  GOOGLE_REVERSE_PROXY: url,
  GOOGLE_MODELS: 'echo,thinking,slow,error-500,error-429',
  BEDROCK_AWS_DEFAULT_REGION: 'us-east-1',
  BEDROCK_AWS_ACCESS_KEY_ID: 'AKIDPARLEYTEST',
  BEDROCK_AWS_SECRET_ACCESS_KEY: 'bedrock-secret',
  BEDROCK_REVERSE_PROXY: url,
  BEDROCK_AWS_MODELS: [
    'anthropic.claude-3-5-sonnet-20240620-v1:0',
    'us.anthropic.claude-3-7-sonnet-thinking-v1:0',
    'anthropic.claude-3-haiku-20240307-v1:0',
    'meta.llama3-slow-v1:0',
    'mistral.error-500-v1:0',
    'mistral.mistral-large-2407-v1:0',
    'cohere.command-r-plus-v1:0',
    'amazon.nova-pro-v1:0',
  ].join(','),
  // Titles are tested on the custom endpoint; elsewhere they would only add upstream calls.
  TITLE_CONVO: 'false',
});

export const providerYaml = (url: string) => `
version: 1.2.8
endpoints:
  azureOpenAI:
    groups:
      - group: sim-east
        apiKey: az-key
        baseURL: ${url}/openai
        version: 2024-08-01-preview
        models:
          gpt-4o: { deploymentName: echo, version: 2024-10-21 }
          thinking: true
          slow: true
          error-500: true
  bedrock:
    availableRegions: [us-east-1, eu-west-1]
  custom:
    - name: Groq
      apiKey: sk-groq
      baseURL: ${url}/v1
      models: { default: [echo], fetch: true }
      headers: { x-team: parley }
      addParams: { safe_mode: true }
      dropParams: [frequency_penalty]
      titleConvo: true
      titleModel: title
      iconURL: https://example.com/groq.png
      modelDisplayLabel: Groq Cloud
`;

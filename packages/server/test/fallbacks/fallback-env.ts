import { providerEnv } from '../providers/provider-env.ts';

/** The simulator model that refuses a prompt with 429, then with 500. */
export const BAD = 'error-429-then-500';
export const METRICS_TOKEN = 'fallback-metrics-token';

/**
 * Every provider kind pointed at one simulator (as in provider-env.ts), each offering two models
 * that are down (`BAD` under two names, so one prompt meets a 429, then a 500) and one that answers.
 */
export const fallbackEnv = (url: string): Record<string, string> => {
  const env = providerEnv(url);
  return {
    ...env,
    OPENAI_MODELS: `gpt-4o-mini,a/${BAD},b/${BAD},disconnect`,
    ANTHROPIC_MODELS: `claude-3-5-sonnet/echo,a/${BAD},b/${BAD}`,
    GOOGLE_MODELS: `echo,a:${BAD},b:${BAD}`,
    BEDROCK_AWS_MODELS: `anthropic.claude-3-5-sonnet-20240620-v1:0,mistral.${BAD}-v1:0,cohere.${BAD}-v1:0`,
    METRICS_TOKEN,
  };
};

/** A rule per provider kind: its first down model falls back to its second, then to one that answers. */
export const fallbackYaml = (url: string) => `
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
          bad-a: { deploymentName: ${BAD}, version: 2024-10-21 }
          bad-b: { deploymentName: ${BAD}, version: 2024-10-21 }
  bedrock:
    availableRegions: [us-east-1, eu-west-1]
  custom:
    - name: Groq
      apiKey: sk-groq
      baseURL: ${url}/v1
      models: { default: [echo, a/${BAD}, b/${BAD}] }
    - name: Mine
      apiKey: user_provided
      baseURL: ${url}/v1
      models: { default: [echo] }
fallbacks:
  - from: openAI/a/${BAD}
    to: [Mine/echo, openAI/b/${BAD}, openAI/gpt-4o-mini]
  - from: openAI/disconnect
    to: [openAI/gpt-4o-mini]
  - from: { endpoint: azureOpenAI, model: bad-a }
    to: [azureOpenAI/bad-b, azureOpenAI/gpt-4o]
  - from: anthropic/a/${BAD}
    to: [anthropic/b/${BAD}, anthropic/claude-3-5-sonnet/echo]
  - from: google/a:${BAD}
    to: [google/b:${BAD}, google/echo]
  - from: bedrock/mistral.${BAD}-v1:0
    to: [bedrock/cohere.${BAD}-v1:0, bedrock/anthropic.claude-3-5-sonnet-20240620-v1:0]
  - from: Groq/a/${BAD}
    to: [Groq/b/${BAD}, Groq/echo]
`;

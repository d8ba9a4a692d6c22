import { createAzure } from '@ai-sdk/azure';
import { createAiSdkProvider, standardSettings, toModelMessages } from './ai-sdk-provider.ts';
import { bodyAdjustingFetch } from './body-adjusting-fetch.ts';
import { createOpenAICompatibleProvider } from './openai-compatible-provider.ts';
import { openAIProviderOptions } from './openai-provider.ts';
import type { AzureDeployment } from './azure-deployment.ts';
import type { Provider } from './provider.ts';

/**
 * Azure OpenAI: each model name maps to a deployment of some group (parley.yaml
 * `endpoints.azureOpenAI.groups`). Chat Completions go to
 * `{base}/deployments/{deployment}/chat/completions?api-version={version}`; the Responses API
 * (`useResponsesApi`) to `{base}/v1/responses` with the deployment as the model.
 */
export function createAzureProvider(deployments: Map<string, AzureDeployment>): Provider {
  const serverless = new Map<string, Provider>();
  const deploymentOf = (model: string) => {
    const d = deployments.get(model);
    if (!d) throw new Error(`No Azure deployment serves the model "${model}"`);
    return d;
  };
  const providerOf = (model: string): Provider | null => {
    const d = deployments.get(model);
    // An unknown model falls through to the deployment provider, whose stream reports it.
    if (!d?.serverless) return null;
    let p = serverless.get(model);
    if (!p) {
      p = createOpenAICompatibleProvider({
        name: 'azure-serverless',
        baseURL: d.baseURL,
        headers: { 'api-key': d.apiKey, ...d.headers },
        addParams: d.addParams,
        dropParams: d.dropParams,
      });
      serverless.set(model, p);
    }
    return p;
  };
  const deploymentProvider = createAiSdkProvider({
    prepare: (request) => {
      const d = deploymentOf(request.model);
      const p = request.parameters;
      const common = {
        apiKey: d.apiKey,
        headers: d.headers,
        fetch: bodyAdjustingFetch(d.addParams, d.dropParams),
      };
      const model = p.useResponsesApi
        ? createAzure({ ...common, baseURL: `${d.baseURL}/v1` }).responses(d.deploymentName)
        : createAzure({
            ...common,
            baseURL: d.baseURL,
            apiVersion: d.apiVersion,
            useDeploymentBasedUrls: true,
          }).chat(d.deploymentName);
      return {
        model,
        messages: toModelMessages(request.messages),
        settings: standardSettings(p),
        providerOptions: openAIProviderOptions(p),
      };
    },
    // The models are the configured ones; Azure has no per-key model list.
    listModels: async () => [...deployments.keys()],
  });
  return {
    stream: (request) => (providerOf(request.model) ?? deploymentProvider).stream(request),
    complete: (request) => (providerOf(request.model) ?? deploymentProvider).complete(request),
    listModels: deploymentProvider.listModels,
  };
}

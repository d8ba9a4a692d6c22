// Where Azure OpenAI models are served: plain facts the endpoint configuration reads at start-up,
// kept apart from azure-provider.ts so that reading them does not load the Azure SDK.

/** The api-version used when neither the group nor the model names one. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** Where one model of an Azure group is served. */
export interface AzureDeployment {
  apiKey: string;
  /** `https://{instanceName}.openai.azure.com/openai`, or the group's baseURL. */
  baseURL: string;
  deploymentName: string;
  apiVersion: string;
  headers?: Record<string, string>;
  addParams?: Record<string, unknown>;
  dropParams?: string[];
  /** A serverless deployment speaks plain Chat Completions at its baseURL. */
  serverless?: boolean;
}

/** The `/openai` base of an instance name (a bare name, or a host / URL as some setups give it). */
export function azureInstanceBase(instanceName: string): string {
  if (/^https?:\/\//.test(instanceName))
    return instanceName.replace(/\/+$/, '').replace(/(\/openai)?$/, '/openai');
  if (instanceName.includes('.')) return `https://${instanceName.replace(/\/+$/, '')}/openai`;
  return `https://${instanceName}.openai.azure.com/openai`;
}

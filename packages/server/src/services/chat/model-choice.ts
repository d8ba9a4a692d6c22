import type { ChatRequest } from '@parley/schema';
import { AppError } from '../../errors/app-error.ts';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import { resolveProviderAccess, type ProviderAccess } from '../keys/provider-access.ts';
import { resolveParameters, type ResolvedParameters } from '../parameters/resolve-parameters.ts';
import type { ChatEngine } from './chat-engine-type.ts';

/** The model a request (or a chained agent's turn) talks to on its endpoint, and how. */
export interface ModelChoice {
  model: string;
  parameters: ResolvedParameters;
  access: ProviderAccess;
}

/**
 * The asked model (the endpoint's first default when none is asked) must be one the endpoint
 * offers; its parameters are fitted to the model's family, and the provider is the endpoint's own
 * or, for endpoints whose key each user brings, one built with the user's key.
 */
export async function chooseModel(
  services: Pick<ChatEngine, 'endpoints' | 'keys' | 'userHttp'>,
  endpoint: ChatEndpoint,
  body: ChatRequest,
  userId: string,
): Promise<ModelChoice> {
  const model = body.model ?? endpoint.defaultModels[0]!;
  if (!(await services.endpoints.models(endpoint)).includes(model)) {
    throw new AppError(
      'illegal_model_request',
      `Illegal model request: "${model}" is not a model of ${endpoint.name}`,
      { type: 'illegal_model_request' },
    );
  }
  const parameters = resolveParameters(
    { family: endpoint.family, model, availableRegions: endpoint.availableRegions },
    body,
  );
  const access = await resolveProviderAccess(endpoint, userId, services.keys, services.userHttp);
  return { model, parameters, access };
}

import { CONVERSATION_SETTING_KEYS, type ChatRequest, type ModelSpecsConfig } from '@parley/schema';
import { AppError } from '../../errors/app-error.ts';

const illegal = (message: string) =>
  new AppError('illegal_model_request', message, { type: 'illegal_model_request' });

/**
 * A chat request under parley.yaml's model specs. When specs are enforced the request must name
 * one, and the spec's preset decides the endpoint, model and parameters whatever the client sent,
 * so a hand-made request cannot reach a model the operator did not offer. Unenforced, a request
 * may name a spec (the client applied its preset and the user may have tuned it) or none.
 */
export function applyModelSpec(
  specs: ModelSpecsConfig | undefined,
  endpointName: string | undefined,
  body: ChatRequest,
): { endpointName: string | undefined; body: ChatRequest } {
  if (!specs) return { endpointName, body };
  const spec = body.spec ? specs.list.find((s) => s.name === body.spec) : undefined;
  if (body.spec && !spec) throw illegal(`Illegal model request: there is no model spec "${body.spec}"`);
  if (!specs.enforce) return { endpointName, body };
  if (!spec) throw illegal('Illegal model request: choose one of the model specs');
  const { endpoint, ...preset } = spec.preset;
  // The request's own setup goes: a parameter the preset leaves unset keeps its default.
  const message = Object.fromEntries(
    Object.entries(body).filter(([key]) => !(CONVERSATION_SETTING_KEYS as readonly string[]).includes(key)),
  );
  return {
    endpointName: endpoint,
    body: { ...message, ...preset, endpoint, spec: spec.name } as ChatRequest,
  };
}

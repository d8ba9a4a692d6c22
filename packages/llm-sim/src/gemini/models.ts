// `GET /v1beta/models` and `GET /v1beta/models/{model}` in Google's format.
import type { ServerResponse } from 'node:http';
import { resolveBehaviour, SIM_MODELS } from '../behaviours/registry.ts';
import { sendJson } from '../http.ts';
import { modelNotFound } from '../sim-errors.ts';
import { sendGoogleError } from './errors.ts';

function modelEntry(id: string) {
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: `Parley simulator model "${id}".`,
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
    thinking: resolveBehaviour(id) === resolveBehaviour('thinking'),
  };
}

export function listGeminiModels(res: ServerResponse): void {
  sendJson(res, 200, { models: SIM_MODELS.map(modelEntry) });
}

export function retrieveGeminiModel(res: ServerResponse, id: string): void {
  const name = id.replace(/^models\//, '');
  if (resolveBehaviour(name)) sendJson(res, 200, modelEntry(name));
  else sendGoogleError(res, modelNotFound(name));
}

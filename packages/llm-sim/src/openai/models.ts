// `GET /v1/models` and `GET /v1/models/{id}` in OpenAI's list format.
import type { ServerResponse } from 'node:http';
import { resolveBehaviour, SIM_MODELS } from '../behaviours/registry.ts';
import { sendJson } from '../http.ts';
import { modelNotFound } from '../sim-errors.ts';
import { sendOpenAIError } from './errors.ts';

// A fixed date keeps answers deterministic (2025-01-01T00:00:00Z).
const CREATED = 1_735_689_600;

function modelEntry(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: 'parley-sim' };
}

export function listModels(res: ServerResponse): void {
  sendJson(res, 200, { object: 'list', data: SIM_MODELS.map(modelEntry) });
}

export function retrieveModel(res: ServerResponse, id: string): void {
  if (resolveBehaviour(id)) sendJson(res, 200, modelEntry(id));
  else sendOpenAIError(res, modelNotFound(id));
}

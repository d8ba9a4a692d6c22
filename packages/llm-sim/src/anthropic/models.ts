// `GET /v1/models` for Anthropic clients (recognised by their `anthropic-version` header), in
// Anthropic's paged list format.
import type { ServerResponse } from 'node:http';
import { resolveBehaviour, SIM_MODELS } from '../behaviours/registry.ts';
import { sendJson } from '../http.ts';
import { modelNotFound } from '../sim-errors.ts';
import { sendAnthropicError } from './errors.ts';

// A fixed date keeps answers deterministic.
const CREATED_AT = '2025-01-01T00:00:00Z';

function modelEntry(id: string) {
  return { type: 'model', id, display_name: id, created_at: CREATED_AT };
}

export function listAnthropicModels(res: ServerResponse): void {
  sendJson(res, 200, {
    data: SIM_MODELS.map(modelEntry),
    has_more: false,
    first_id: SIM_MODELS[0] ?? null,
    last_id: SIM_MODELS.at(-1) ?? null,
  });
}

export function retrieveAnthropicModel(res: ServerResponse, id: string): void {
  if (resolveBehaviour(id)) sendJson(res, 200, modelEntry(id));
  else sendAnthropicError(res, modelNotFound(id));
}

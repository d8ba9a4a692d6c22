// Neutral errors the transport raises itself (not behaviours): every protocol renders them its way.
import type { SimError } from './script.ts';

export function modelNotFound(model: string): SimError {
  return {
    kind: 'model-not-found',
    status: 404,
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    param: 'model',
  };
}

export function badRequest(message: string, param?: string): SimError {
  return { kind: 'bad-request', status: 400, message, ...(param ? { param } : {}) };
}

export function unknownRoute(method: string, path: string): SimError {
  return { kind: 'not-found', status: 404, message: `Unknown request URL: ${method} ${path}.` };
}

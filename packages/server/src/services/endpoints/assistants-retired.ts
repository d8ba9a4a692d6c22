import { AppError } from '../../errors/app-error.ts';

/** The endpoint names of the retired OpenAI Assistants API in the librechat format. */
export const ASSISTANTS_ENDPOINTS: readonly string[] = ['assistants', 'azureAssistants'];

/**
 * OpenAI has retired the Assistants API, so Parley does not offer the assistants and
 * azureAssistants endpoints; agents cover what they did. A client that still calls them gets a
 * 404 saying so instead of a bare "route not found".
 */
export function assistantsRetired(): AppError {
  return new AppError(
    'assistants_retired',
    'The Assistants API (assistants and azureAssistants endpoints) is not available: OpenAI has retired it. ' +
      'Use agents instead, which cover the same use (instructions, tools, files).',
  );
}

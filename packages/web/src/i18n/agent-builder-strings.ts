import { addAreaStrings } from './index';
import { localeFileLoaders } from './locale-files';
import english from './locales/en/agent-builder.json';

/** The agent builder's strings of every other locale, fetched for the chosen one only. */
const others = localeFileLoaders('agent-builder');

/**
 * Adds the agent builder's strings (English, and the current language's when it has them) once
 * the code that shows them loads; the chat page does not carry them otherwise.
 */
export function addAgentBuilderStrings(): void {
  addAreaStrings('agent-builder', english, others);
}

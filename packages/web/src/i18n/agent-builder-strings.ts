import { addAreaStrings } from './index';
import { byLocale } from './locale-bundles';
import english from './locales/en/agent-builder.json';

/** The agent builder's strings of every other locale, each its own lazy chunk. */
const others = byLocale(
  import.meta.glob<Record<string, unknown>>(
    ['./locales/*/agent-builder.json', '!./locales/en/agent-builder.json'],
    {
      import: 'default',
    },
  ),
);

/**
 * Adds the agent builder's strings (English, and the current language's when it has them) once
 * the code that shows them loads; the chat page does not carry them otherwise.
 */
export function addAgentBuilderStrings(): void {
  addAreaStrings('agent-builder', english, others);
}

/** The prompts feature as other folders see it: import from here, never from its other files. */
export { usePromptsSection } from './prompts-side-panel';
export { useDebouncedValue } from '../../lib/use-debounced-value';
export { useSlashPrompts } from './use-slash-prompts';

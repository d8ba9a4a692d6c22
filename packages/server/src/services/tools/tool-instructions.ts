/** The heading the model sees above the instructions of the tool servers a run uses. */
export const TOOL_INSTRUCTIONS_HEADING = '# How to use your tools';

/**
 * The system prompt with the instructions of the tool servers this run offers after it (an MCP
 * server's own `instructions`, or the text parley.yaml gives as its `serverInstructions`), one
 * `server: text` paragraph each, so the model reads them before choosing a tool.
 */
export function withToolInstructions(
  systemPrompt: string | undefined,
  instructions: readonly string[],
): string | undefined {
  if (instructions.length === 0) return systemPrompt;
  const block = [TOOL_INSTRUCTIONS_HEADING, ...instructions].join('\n\n');
  return systemPrompt?.trim() ? `${systemPrompt}\n\n${block}` : block;
}

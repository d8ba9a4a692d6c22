/**
 * Known context windows (prompt plus answer, in tokens) by model name pattern, most specific
 * first. A model that matches nothing has no known window: only maxContextTokens limits it.
 */
const WINDOWS: [RegExp, number][] = [
  [/gpt-4\.1/, 1_047_576],
  [/gpt-5/, 400_000],
  [/\bo[134](-mini|-pro)?\b/, 200_000],
  [/gpt-4o|chatgpt-4o|gpt-4-turbo|gpt-4-.*preview/, 128_000],
  [/gpt-4-32k/, 32_768],
  [/gpt-4/, 8_192],
  [/gpt-3\.5-turbo-instruct/, 4_096],
  [/gpt-3\.5/, 16_385],
  [/claude-(?:[a-z]+-)?[4-9]|claude-3/, 200_000],
  [/claude-2\.1/, 200_000],
  [/claude/, 100_000],
  [/gemini-1\.5-pro|gemini-2\.5-pro/, 2_097_152],
  [/gemini-(1\.5|2\.0|2\.5)/, 1_048_576],
  [/gemini/, 32_768],
  [/llama-?3[.-]?[123]|llama3-1|llama3-2|llama3-3/, 128_000],
  [/llama-?3|llama3/, 8_192],
  [/mistral-large|mistral-medium|mistral-small-2[45]|codestral/, 128_000],
  [/mixtral-8x22b/, 65_536],
  [/mistral|mixtral/, 32_768],
  [/command-r/, 128_000],
  [/nova-(pro|lite)/, 300_000],
  [/nova-micro/, 128_000],
  [/titan/, 8_192],
  [/deepseek/, 128_000],
];

/** The model's context window when it is a known one. */
export function knownContextWindow(model: string): number | undefined {
  const m = model.toLowerCase();
  return WINDOWS.find(([pattern]) => pattern.test(m))?.[1];
}

/** Whether a model is one of OpenAI's own (their tokenizer counts it exactly). */
export function isOpenAIModel(model: string): boolean {
  return /(^|[/.:])(gpt-|chatgpt-|o[134]\b|o[134]-|text-embedding|davinci)/.test(model.toLowerCase());
}

import type { ProviderMessage } from '../providers/provider.ts';

export const MAX_TITLE_LENGTH = 100;
/** How much of the first answer the title model reads. */
const ANSWER_EXCERPT = 2000;

const DEFAULT_INSTRUCTIONS =
  'You name conversations. Reply with a short, specific title for the conversation below: ' +
  'at most seven words, in the language of the conversation, without quotes and without ' +
  'ending punctuation. Reply with the title only.';

/**
 * The title request: instructions (the endpoint's `titlePrompt`, with `{convo}` replaced by the
 * exchange when it has that placeholder), then the first exchange, then the ask.
 */
export function buildTitleRequest(
  userText: string,
  answerText: string,
  titlePrompt?: string,
): ProviderMessage[] {
  const answer = answerText.slice(0, ANSWER_EXCERPT);
  if (titlePrompt?.includes('{convo}')) {
    const convo = `User: ${userText}\nAssistant: ${answer}`;
    return [{ role: 'user', content: titlePrompt.replaceAll('{convo}', convo) }];
  }
  const messages: ProviderMessage[] = [
    { role: 'system', content: titlePrompt?.trim() || DEFAULT_INSTRUCTIONS },
    { role: 'user', content: userText },
  ];
  if (answer) messages.push({ role: 'assistant', content: answer });
  messages.push({ role: 'user', content: 'Title for the conversation above:' });
  return messages;
}

/** The model's reply as a title: first line, no surrounding quotes, "Title:" prefix or end dot. */
export function cleanTitle(raw: string): string {
  const line = raw.trim().split('\n')[0] ?? '';
  return line
    .replace(/^title\s*:\s*/i, '')
    .replace(/^["'“”‘’`*]+|["'“”‘’`*]+$/g, '')
    .replace(/[.。]+$/, '')
    .trim()
    .slice(0, MAX_TITLE_LENGTH);
}

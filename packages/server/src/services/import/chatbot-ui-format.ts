import {
  cleanText,
  isRecord,
  optionalText,
  type ImportedConversationMeta,
  type ImportedMessage,
} from './import-model.ts';

/**
 * Chatbot UI exports: `{version, history: [conversation], folders, prompts}` (or, from its first
 * version, a bare array of conversations). A conversation is `{id, name, messages: [{role,
 * content}], model: {id}, prompt, temperature}`; the messages form one chain. System messages
 * are dropped; the system prompt is kept as the conversation's prompt prefix.
 */
export const isChatbotUiConversation = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  Array.isArray(value.messages) &&
  typeof value.name === 'string' &&
  value.messages.every((m) => isRecord(m) && typeof m.role === 'string' && typeof m.content === 'string');

export function convertChatbotUiConversation(raw: Record<string, unknown>): {
  meta: ImportedConversationMeta;
  messages: ImportedMessage[];
} {
  const model = isRecord(raw.model) ? optionalText(raw.model.id) : optionalText(raw.model);
  const out: ImportedMessage[] = [];
  for (const [index, m] of (raw.messages as { role: string; content: string }[]).entries()) {
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const text = cleanText(m.content);
    if (!text.trim()) continue;
    out.push({
      sourceId: String(index),
      parentSourceId: out.at(-1)?.sourceId ?? null,
      text,
      isCreatedByUser: m.role === 'user',
      sender: m.role === 'user' ? 'User' : 'Assistant',
      model: m.role === 'user' ? null : model,
      endpoint: 'openAI',
    });
  }
  const settings: Record<string, unknown> = {};
  if (typeof raw.prompt === 'string' && raw.prompt.trim()) settings.promptPrefix = cleanText(raw.prompt);
  if (typeof raw.temperature === 'number' && raw.temperature >= 0 && raw.temperature <= 2) {
    settings.temperature = raw.temperature;
  }
  return {
    meta: { title: optionalText(raw.name) ?? undefined, endpoint: 'openAI', model, settings },
    messages: out,
  };
}

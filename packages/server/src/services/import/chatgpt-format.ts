import {
  cleanText,
  isRecord,
  optionalText,
  toDate,
  type ImportedConversationMeta,
  type ImportedMessage,
} from './import-model.ts';

/**
 * ChatGPT's `conversations.json`: an array of conversations, each a `mapping` of nodes
 * `{id, message, parent, children}` forming a tree. System and hidden messages are dropped (their
 * children hang on the nearest kept ancestor); code and execution output become fenced blocks.
 */
export const isChatGptConversation = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && isRecord(value.mapping);

interface ChatGptNode {
  message?: unknown;
  parent?: unknown;
  children?: unknown;
}

const fence = (body: string, language = '') => '```' + language + '\n' + body.replace(/\n$/, '') + '\n```';

/** The visible text of a message's content, or '' when there is nothing to show. */
function contentText(content: Record<string, unknown>): string {
  const type = content.content_type;
  const text = cleanText(content.text);
  if (type === 'code') {
    const language =
      typeof content.language === 'string' && content.language !== 'unknown' ? content.language : '';
    return text.trim() ? fence(text, language.replace(/[^\w+#.-]/g, '')) : '';
  }
  if (type === 'execution_output') return text.trim() ? fence(text) : '';
  if (type === 'tether_quote') return text.trim() ? text.replace(/^/gm, '> ') : '';
  if (type === 'text' || type === 'multimodal_text' || type === undefined) {
    const parts = Array.isArray(content.parts) ? content.parts : [];
    return parts
      .filter((p): p is string => typeof p === 'string')
      .map(cleanText)
      .join('\n')
      .trim();
  }
  // Reasoning summaries, custom-instruction context, browsing displays: not conversation text.
  return '';
}

function keptMessage(id: string, node: ChatGptNode, parent: string | null): ImportedMessage | null {
  const message = node.message;
  if (!isRecord(message) || !isRecord(message.author) || !isRecord(message.content)) return null;
  const role = message.author.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'tool') return null;
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  const text = contentText(message.content);
  if (!text) return null;
  const model = optionalText(metadata.model_slug);
  return {
    sourceId: id,
    parentSourceId: parent,
    text,
    isCreatedByUser: role === 'user',
    sender: role === 'user' ? 'User' : 'ChatGPT',
    createdAt: toDate(message.create_time),
    model: role === 'user' ? null : model,
    endpoint: 'openAI',
  };
}

/** The conversation's metadata and its kept messages, parents first. */
export function convertChatGptConversation(raw: Record<string, unknown>): {
  meta: ImportedConversationMeta;
  messages: ImportedMessage[];
} {
  const mapping = raw.mapping as Record<string, ChatGptNode>;
  const nodes = new Map(Object.entries(mapping).filter(([, n]) => isRecord(n)));
  const roots = [...nodes].filter(([, n]) => typeof n.parent !== 'string' || !nodes.has(n.parent));
  const out: ImportedMessage[] = [];
  const visited = new Set<string>();
  // Depth-first with an explicit stack: a long conversation is a deep tree.
  const stack: [string, string | null][] = roots
    .map(([id]) => [id, null] as [string, string | null])
    .reverse();
  while (stack.length > 0) {
    const [id, keptParent] = stack.pop()!;
    const node = nodes.get(id);
    if (!node || visited.has(id)) continue;
    visited.add(id);
    const kept = keptMessage(id, node, keptParent);
    if (kept) out.push(kept);
    const children = Array.isArray(node.children)
      ? node.children.filter((c): c is string => typeof c === 'string')
      : [];
    for (const child of [...children].reverse()) stack.push([child, kept ? id : keptParent]);
  }
  const model = optionalText(raw.default_model_slug) ?? out.findLast((m) => m.model)?.model ?? null;
  return {
    meta: {
      title: optionalText(raw.title) ?? undefined,
      createdAt: toDate(raw.create_time),
      updatedAt: toDate(raw.update_time),
      endpoint: 'openAI',
      model,
    },
    messages: out,
  };
}

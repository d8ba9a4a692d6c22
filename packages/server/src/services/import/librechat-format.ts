import { NO_PARENT, type ContentPart } from '@parley/schema';
import {
  cleanText,
  isRecord,
  optionalText,
  toDate,
  unsupportedImport,
  type ImportedConversationMeta,
  type ImportedMessage,
} from './import-model.ts';

/**
 * LibreChat exports, and Parley's own (the same shape with a `parley` version): one conversation
 * `{conversationId, title, endpoint, options, recursive, messages}` whose messages are either a
 * flat list linked by `parentMessageId` or a tree nested through `children`. Messages arrive one
 * element of `messages` at a time, so a large file never has to be held in memory.
 */
export const looksLikeLibreChatMessage = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) &&
  (typeof value.text === 'string' || Array.isArray(value.content)) &&
  (typeof value.isCreatedByUser === 'boolean' || typeof value.sender === 'string');

/** Conversation fields that are columns or belong to the original owner, not settings. */
const NOT_SETTINGS = new Set([
  '_id',
  'user',
  'conversationId',
  'title',
  'endpoint',
  'endpointType',
  'model',
  'messages',
  'createdAt',
  'updatedAt',
  'isArchived',
  'tags',
  'expiredAt',
  'files',
  '__v',
]);
const SETTINGS_MAX_BYTES = 64 * 1024;

function textOfContent(content: unknown[]): string {
  return content
    .map((part) => {
      if (!isRecord(part) || part.type !== 'text') return '';
      if (typeof part.text === 'string') return part.text;
      return isRecord(part.text) && typeof part.text.value === 'string' ? part.text.value : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** The conversation's metadata from the export's top-level fields. */
export function libreChatMeta(top: Record<string, unknown>): ImportedConversationMeta {
  const options = isRecord(top.options) ? top.options : {};
  const settings = Object.fromEntries(Object.entries(options).filter(([key]) => !NOT_SETTINGS.has(key)));
  return {
    title: optionalText(top.title) ?? optionalText(options.title) ?? undefined,
    endpoint: optionalText(top.endpoint) ?? optionalText(options.endpoint),
    endpointType: optionalText(top.endpointType) ?? optionalText(options.endpointType),
    model: optionalText(top.model) ?? optionalText(options.model),
    createdAt: toDate(top.createdAt),
    updatedAt: toDate(top.updatedAt),
    settings: JSON.stringify(settings).length <= SETTINGS_MAX_BYTES ? settings : {},
  };
}

/** Turns the elements of one conversation's `messages` into imported messages, parents first. */
export class LibreChatMessageReader {
  private readonly seen = new Set<string>();
  private last: string | null = null;
  private generated = 0;

  /** One element: the message itself and, in a recursive export, all its descendants. */
  read(element: unknown): ImportedMessage[] {
    const out: ImportedMessage[] = [];
    const stack: [unknown, string | null | undefined][] = [[element, undefined]];
    while (stack.length > 0) {
      const [raw, treeParent] = stack.pop()!;
      const message = this.convert(raw, treeParent);
      out.push(message);
      const children = isRecord(raw) && Array.isArray(raw.children) ? raw.children : [];
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], message.sourceId]);
    }
    return out;
  }

  /** `treeParent`: the parent in a nested tree; undefined for an element of the flat list. */
  private convert(raw: unknown, treeParent: string | null | undefined): ImportedMessage {
    if (!looksLikeLibreChatMessage(raw)) throw unsupportedImport('A message has neither text nor content');
    let sourceId = optionalText(raw.messageId, 500) ?? '';
    if (!sourceId || this.seen.has(sourceId)) sourceId = `generated-${++this.generated}`;
    const parentSourceId = treeParent !== undefined ? treeParent : this.flatParent(raw.parentMessageId);
    this.seen.add(sourceId);
    this.last = sourceId;
    const content = Array.isArray(raw.content) ? (raw.content.filter(isRecord) as ContentPart[]) : null;
    const isCreatedByUser =
      typeof raw.isCreatedByUser === 'boolean' ? raw.isCreatedByUser : raw.sender === 'User';
    return {
      sourceId,
      parentSourceId,
      text:
        typeof raw.text === 'string' && raw.text
          ? cleanText(raw.text)
          : cleanText(textOfContent(content ?? [])),
      isCreatedByUser,
      sender: optionalText(raw.sender) ?? (isCreatedByUser ? 'User' : 'Assistant'),
      content: content?.length ? content : null,
      createdAt: toDate(raw.createdAt),
      model: optionalText(raw.model),
      endpoint: optionalText(raw.endpoint),
      error: raw.error === true,
      unfinished: raw.unfinished === true,
      finishReason: optionalText(raw.finish_reason),
    };
  }

  /**
   * A flat list's parent: the named one when it came earlier in the file; none for an explicit
   * first message; otherwise (missing or unknown parent) the message before, keeping the chain.
   */
  private flatParent(parentMessageId: unknown): string | null {
    if (typeof parentMessageId === 'string' && this.seen.has(parentMessageId)) return parentMessageId;
    if (parentMessageId === NO_PARENT || parentMessageId === null) return null;
    return this.last;
  }
}

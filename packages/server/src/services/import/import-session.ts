import { convertChatbotUiConversation, isChatbotUiConversation } from './chatbot-ui-format.ts';
import { convertChatGptConversation, isChatGptConversation } from './chatgpt-format.ts';
import type { JsonEvent, RootKind } from './json-stream.ts';
import {
  isRecord,
  unsupportedImport,
  type ImportedConversationMeta,
  type ImportedMessage,
} from './import-model.ts';
import type { ImportWriter } from './import-writer.ts';
import { libreChatMeta, LibreChatMessageReader, looksLikeLibreChatMessage } from './librechat-format.ts';

/** Top-level fields of a LibreChat/Parley export that are read; `messages` streams element by element. */
const OBJECT_PATHS = [
  '$.title',
  '$.endpoint',
  '$.endpointType',
  '$.model',
  '$.createdAt',
  '$.updatedAt',
  '$.options',
  '$.messages.*',
  '$.history.*',
];

export const importPaths = (kind: RootKind): string[] => (kind === 'array' ? ['$.*'] : OBJECT_PATHS);

/**
 * Recognises the format of each value the stream hands over and writes it:
 * - a top-level array of ChatGPT conversations (`mapping`), Chatbot UI conversations (`name` +
 *   role messages) or LibreChat conversations (`messages`);
 * - a top-level object: a LibreChat or Parley export (`messages`, flat or nested), or a Chatbot
 *   UI export (`history`).
 * Anything else is an unsupported import.
 */
export class ImportSession {
  private readonly top: Record<string, unknown> = {};
  private libreChat: {
    open: Awaited<ReturnType<ImportWriter['startConversation']>>;
    reader: LibreChatMessageReader;
  } | null = null;
  private historySeen = false;

  constructor(private readonly writer: ImportWriter) {}

  handle = async (event: JsonEvent, kind: RootKind): Promise<void> => {
    if (kind === 'array') return this.arrayElement(event.value, Number(event.key));
    if (event.listKey === 'messages') return this.libreChatElement(event.value);
    if (event.listKey === 'history') {
      this.historySeen = true;
      if (!isChatbotUiConversation(event.value))
        throw unsupportedImport('A conversation of "history" is not a Chatbot UI conversation');
      const { meta, messages } = convertChatbotUiConversation(event.value);
      return this.writeWhole(meta, messages);
    }
    if (typeof event.key === 'string') this.top[event.key] = event.value;
  };

  private async arrayElement(value: unknown, index: number): Promise<void> {
    if (isChatGptConversation(value)) {
      const { meta, messages } = convertChatGptConversation(value);
      return this.writeWhole(meta, messages);
    }
    if (isChatbotUiConversation(value)) {
      const { meta, messages } = convertChatbotUiConversation(value);
      return this.writeWhole(meta, messages);
    }
    if (isRecord(value) && Array.isArray(value.messages) && value.messages.every(looksLikeLibreChatMessage)) {
      const reader = new LibreChatMessageReader();
      return this.writeWhole(
        libreChatMeta(value),
        value.messages.flatMap((m) => reader.read(m)),
      );
    }
    throw unsupportedImport(`Conversation ${index + 1} of the file is not in a supported format`);
  }

  private async libreChatElement(value: unknown): Promise<void> {
    if (!this.libreChat) {
      this.libreChat = {
        open: await this.writer.startConversation(libreChatMeta(this.top)),
        reader: new LibreChatMessageReader(),
      };
    }
    for (const message of this.libreChat.reader.read(value))
      await this.writer.addMessage(this.libreChat.open, message);
  }

  /** A conversation held whole in memory (one element of a list); empty ones are skipped. */
  private async writeWhole(meta: ImportedConversationMeta, messages: ImportedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const open = await this.writer.startConversation(meta);
    for (const message of messages) await this.writer.addMessage(open, message);
  }

  /** After the last value: late top-level fields, and a check that the file was a known format. */
  async finish(kind: RootKind): Promise<void> {
    if (kind === 'object' && this.libreChat)
      await this.writer.updateConversation(this.libreChat.open, libreChatMeta(this.top));
    if (kind === 'object' && !this.libreChat && !this.historySeen) {
      throw unsupportedImport('The file is neither a LibreChat, Parley, ChatGPT nor Chatbot UI export');
    }
    if (this.writer.messageCount === 0) throw unsupportedImport('The file holds no messages to import');
  }
}

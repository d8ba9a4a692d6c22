import { isImageType } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { FileRow } from '../../db/schema/index.ts';
import { countTokensOf } from '../context/token-count.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { chunkSpans, pageAt } from '../files/chunk-text.ts';
import { documentText, type DocumentText } from '../files/document-text.ts';
import type { FileEmbeddings } from '../files/file-embeddings.ts';
import type { OcrEngine } from '../files/ocr-engine.ts';
import { findOwnFiles } from '../files/file-records.ts';
import { FILE_SEARCH_LIMIT, searchFiles } from '../files/file-search.ts';
import type { ProviderMessage } from '../providers/provider.ts';
import { indexedChars, openingPassages } from './indexed-chunks.ts';
import { withDocuments, withPageMarks, type GivenDocument, type GivenPassage } from './document-prompt.ts';

/**
 * How one attached file reached the model, recorded on the message's file entry for its chip:
 * its whole text, the passages searched out of it, or nothing (a type Parley does not read, such
 * as an archive, or a document whose text could not be read).
 */
export type DocumentUse =
  { read_as: 'full_text' } | { read_as: 'passages'; passages: number } | { read_as: 'not_read' };

export interface DocumentOptions {
  db: Database;
  store: BlobStore;
  /** The caller: only their own files are read. */
  userId: string;
  /** The tokens all documents of the request may take together (documentBudget). */
  budget: number;
  /** false: only the newest user message's documents are given. */
  resendFiles?: boolean | null;
  /** Ranks passages by meaning too, when an embeddings provider is configured. */
  embeddings?: FileEmbeddings;
  /** Reads pictures uploaded as text (their text was kept at upload, so this rarely runs). */
  ocr?: OcrEngine;
  /**
   * An agent's `tool_resources.ocr` files, given with the newest message like its own: the agent's
   * author owns them, and whoever may use the agent is given them.
   */
  agentFiles?: { ownerId: string; fileIds: string[] };
}

export interface GivenDocuments {
  messages: ProviderMessage[];
  /** How each document of the newest user message was given, by file id. */
  uses: Map<string, DocumentUse>;
  /** The tokens the documents added to the prompt. */
  tokens: number;
}

/**
 * A text this many times longer in characters than the budget in tokens cannot fit (a token is
 * about four characters of prose): it is searched without counting its tokens first.
 */
const CHARS_PER_TOKEN_CEILING = 12;

/**
 * The files given as text: every attachment but files uploaded for file search, and pictures only
 * when uploaded as text (read by OCR; the others are shown to the model as pictures).
 */
const givenAsText = (row: FileRow) =>
  (!isImageType(row.type) || row.toolResource === 'ocr') && row.toolResource !== 'file_search';

/**
 * Puts the documents attached to user messages in front of the model, inside those messages: each
 * in full while the documents' budget lasts, newest message first, otherwise the passages of it
 * most relevant to the newest question (file search's ranking, over the chunks indexed at upload).
 * With resendFiles, earlier messages' documents are given again by the same rule, so a large
 * one costs a few passages a turn rather than its whole text. A document attached to several
 * messages is given once, with the newest. `fileIds` stay on the messages for the pictures' step.
 */
export async function giveDocuments(
  messages: ProviderMessage[],
  opts: DocumentOptions,
): Promise<GivenDocuments> {
  const lastUser = messages.findLastIndex((m) => m.role === 'user');
  const uses = new Map<string, DocumentUse>();
  if (lastUser < 0) return { messages, uses, tokens: 0 };
  const sent = (i: number) => i === lastUser || (opts.resendFiles !== false && messages[i]!.role === 'user');
  const wanted = [...new Set(messages.flatMap((m, i) => (sent(i) ? (m.fileIds ?? []) : [])))];
  const rows = await documentRows(opts, wanted);
  const question = messages[lastUser]!.content;
  const giver = new DocumentGiver(opts, question);
  const given = new Map<number, GivenDocument[]>();
  const seen = new Set<string>();
  // Newest first, so the budget goes to the documents the question is most likely about.
  for (let i = lastUser; i >= 0; i--) {
    if (!sent(i)) continue;
    const ids = [
      ...(messages[i]!.fileIds ?? []),
      ...(i === lastUser ? (opts.agentFiles?.fileIds ?? []) : []),
    ];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || seen.has(id) || !givenAsText(row)) continue;
      seen.add(id);
      const { document, use } = await giver.give(row);
      if (i === lastUser && messages[i]!.fileIds?.includes(id)) uses.set(id, use);
      if (document) given.set(i, [...(given.get(i) ?? []), document]);
    }
  }
  return {
    messages: messages.map((m, i) => {
      const documents = given.get(i);
      return documents ? { ...m, content: withDocuments(m.content, documents) } : m;
    }),
    uses,
    tokens: giver.spent,
  };
}

/** The caller's own files among `ids`, and the agent's files (its author's) when it has some. */
async function documentRows(opts: DocumentOptions, ids: string[]): Promise<Map<string, FileRow>> {
  const own = await findOwnFiles(opts.db, opts.userId, ids);
  const agent = opts.agentFiles
    ? await findOwnFiles(opts.db, opts.agentFiles.ownerId, opts.agentFiles.fileIds)
    : [];
  return new Map([...agent, ...own].map((row) => [row.fileId, row]));
}

/** Gives documents one after another out of one budget, which each full text draws down. */
class DocumentGiver {
  spent = 0;
  #queryVector: Promise<number[] | null> | undefined;

  constructor(
    private readonly opts: DocumentOptions,
    private readonly question: string,
  ) {}

  get #left() {
    return Math.max(0, this.opts.budget - this.spent);
  }

  async give(row: FileRow): Promise<{ document?: GivenDocument; use: DocumentUse }> {
    // A document its index shows to be far over the budget is searched without being read again.
    const indexed = await indexedChars(this.opts.db, row);
    if (indexed !== null && indexed > this.#left * CHARS_PER_TOKEN_CEILING) return this.#searched(row, null);
    // A damaged file was refused at upload; one that fails now (a store outage) is left out.
    const read = await documentText(this.opts.store, row, { ocr: this.opts.ocr }).catch(() => null);
    if (!read?.text.trim()) return { use: { read_as: 'not_read' } };
    const fullText = withPageMarks(read.text, read.pageStarts);
    const tokens = await this.#tokensWithin(fullText);
    if (tokens === null) return this.#searched(row, indexed === null ? read : null);
    this.spent += tokens;
    return { document: { filename: row.filename, fullText }, use: { read_as: 'full_text' } };
  }

  /** The document given as its passages; `read` is its text when it has no indexed chunks. */
  async #searched(
    row: FileRow,
    read: DocumentText | null,
  ): Promise<{ document: GivenDocument; use: DocumentUse }> {
    const passages = await this.#fitted(await this.#passages(row, read));
    return {
      document: { filename: row.filename, passages },
      use: { read_as: 'passages', passages: passages.length },
    };
  }

  /** The text's tokens when it fits what is left of the budget, else null. */
  async #tokensWithin(text: string): Promise<number | null> {
    if (text.length > this.#left * CHARS_PER_TOKEN_CEILING) return null;
    const [tokens] = await countTokensOf([text]);
    return tokens! <= this.#left ? tokens! : null;
  }

  /**
   * The passages of the file that best match the question; when none does (a question such as
   * "summarize this" shares no word with the text), its opening passages.
   */
  async #passages(row: FileRow, read: DocumentText | null): Promise<GivenPassage[]> {
    if (this.opts.embeddings && this.#queryVector === undefined)
      this.#queryVector = this.opts.embeddings.queryVector(this.question).catch(() => null);
    const hits = await searchFiles(
      this.opts.db,
      row.userId,
      [row.fileId],
      this.question.slice(0, 1000),
      FILE_SEARCH_LIMIT,
      await this.#queryVector,
    );
    if (hits.length > 0)
      return hits.map(({ text, page, lastPage, position }) => ({ text, page, lastPage, position }));
    if (!read) return openingPassages(this.opts.db, row, FILE_SEARCH_LIMIT);
    const { pageStarts } = read;
    return chunkSpans(read.text)
      .slice(0, FILE_SEARCH_LIMIT)
      .map((chunk, position) => ({
        text: chunk.text,
        position,
        page: pageStarts ? pageAt(pageStarts, chunk.start) : null,
        lastPage: pageStarts ? pageAt(pageStarts, chunk.start + chunk.text.length - 1) : null,
      }));
  }

  /** As many of the passages, best first, as the budget has room for; always the best one. */
  async #fitted(passages: GivenPassage[]): Promise<GivenPassage[]> {
    const counts = await countTokensOf(passages.map((p) => p.text));
    const kept: GivenPassage[] = [];
    for (const [i, passage] of passages.entries()) {
      if (kept.length > 0 && counts[i]! > this.#left) break;
      kept.push(passage);
      this.spent += counts[i]!;
    }
    return kept;
  }
}

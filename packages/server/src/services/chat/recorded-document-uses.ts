import type { DocumentUse } from '../documents/give-documents.ts';
import type { Exchange } from './chat-exchange.ts';

/** The fields of a message's file entry that say how the file reached the model. */
const USE_FIELDS = ['read_as', 'passages'] as const;

/**
 * The exchange with its new request message's file entries saying how each document reached the
 * model ("read in full", "N passages searched", "not read"), which the chip under the message shows.
 * Only the server writes these fields: a client's own values are dropped. A message that is
 * already saved (a regenerate, a continue) keeps the entries it was saved with.
 */
export function withDocumentUses(exchange: Exchange, uses: ReadonlyMap<string, DocumentUse>): Exchange {
  const files = exchange.request.files;
  if (exchange.write.kind !== 'insert' || !files?.length) return exchange;
  const recorded = files.map((entry) => {
    const rest = { ...entry };
    for (const field of USE_FIELDS) delete rest[field];
    const use = typeof entry.file_id === 'string' ? uses.get(entry.file_id) : undefined;
    return use ? { ...rest, ...use } : rest;
  });
  const request = { ...exchange.request, files: recorded };
  return {
    ...exchange,
    request,
    branch: exchange.branch.map((message) => (message === exchange.request ? request : message)),
  };
}

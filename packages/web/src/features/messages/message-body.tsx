import { IMAGE_TOOLS, type ContentPart, type Message } from '@parley/schema';
import { memo, Suspense } from 'react';
import { lazyArea } from '../../components/ui/lazy-area';
import type { ToolCall } from './tool-call-state';
import { useSettings } from '../../store/settings-store';
import { CodeRunScope } from '../code-run';
import { MessageFiles } from '../files';
import { artifactOffsets, ArtifactScope, messageTexts } from '../artifacts';
import { CitationContext, markCitations, ThinkingBlock, type CitationRenderer } from '../markdown';
import { stripThinkTags } from '../markdown';
import { CollapsibleText } from './collapsible-text';
import { ErrorView, type AutoRetry } from './error-view';
import { LazyMarkdown } from './lazy-markdown';
import { showsPlaceholder } from './placeholder-rule';
import { StreamingPlaceholder } from './streaming-placeholder';
import { ContentImage } from './content-image';
import FileCitation from './file-citation';
import { FILE_SEARCH_TOOL, parseFileSearchOutput, type FileSource } from './file-search-result';
import WebCitation from './web-citation';
import { parseWebSearchOutput, WEB_SEARCH_TOOL, type WebSource } from './web-search-result';

// Tool calls and agent hand-overs appear in few answers: their code loads with the first one.
// If their chunk cannot arrive, the row keeps its place (the area retries when back online).
/** Holds a tool call's row height while its code loads, so the list does not jump. */
const TOOL_ROW_FALLBACK = <div className="my-2 h-10 rounded-xl border border-border" aria-hidden />;
const ToolCallView = lazyArea<{ call: ToolCall; submitting: boolean; conversationId?: string }>(
  () => import('./tool-call-view'),
  () => TOOL_ROW_FALLBACK,
).Area;
const WebSearchView = lazyArea<{ call: ToolCall; submitting: boolean; again: boolean }>(
  () => import('./web-search-view'),
  () => TOOL_ROW_FALLBACK,
).Area;
const ImageGenView = lazyArea<{ call: ToolCall; submitting: boolean }>(
  () => import('./image-gen-view'),
  () => TOOL_ROW_FALLBACK,
).Area;
const AgentHandoff = lazyArea<{ agentId: string; agentName?: string }>(
  () => import('../agents/agent-handoff'),
  () => null,
).Area;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The sources of the answer's finished web searches by citation number, which its `[n]` citations
 * open. Where two searches use the same number the later one wins, as with file passages.
 */
function webSources(parts: ContentPart[]): Map<number, WebSource> {
  const byNumber = new Map<number, WebSource>();
  for (const p of parts) {
    const call = p.type === 'tool_call' ? (p.tool_call as ToolCall | undefined) : undefined;
    if (call?.name !== WEB_SEARCH_TOOL) continue;
    for (const source of parseWebSearchOutput(call.output)?.sources ?? [])
      byNumber.set(source.citation, source);
  }
  return byNumber;
}

/**
 * The passages of the answer's file searches by citation number. Each search numbers its passages
 * from 1, so where two searches use the same number the later one wins: the model cites what it
 * read last.
 */
function fileSources(parts: ContentPart[]): Map<number, FileSource> {
  const byNumber = new Map<number, FileSource>();
  for (const p of parts) {
    const call = p.type === 'tool_call' ? (p.tool_call as ToolCall | undefined) : undefined;
    if (call?.name !== FILE_SEARCH_TOOL) continue;
    for (const source of parseFileSearchOutput(call.output)) byNumber.set(source.citation, source);
  }
  return byNumber;
}

/**
 * Draws a citation marker: web sources as one link with its pop-up per source, else file passages
 * as their pop-up; a number with neither stays text.
 */
function citationRenderer(web: Map<number, WebSource>, files: Map<number, FileSource>): CitationRenderer {
  return (numbers, fallback) => {
    const sites = numbers.flatMap((n) => web.get(n) ?? []);
    if (sites.length) return sites.map((source) => <WebCitation key={source.citation} source={source} />);
    const cited = numbers.flatMap((n) => files.get(n) ?? []);
    return cited.length ? <FileCitation sources={cited} /> : fallback;
  };
}

function partsOf(message: Message): ContentPart[] {
  return message.content && message.content.length > 0
    ? message.content
    : [{ type: 'text', text: message.text }];
}

/**
 * The message's content: its parts in order (reasoning, text, tool calls, agent hand-overs,
 * pictures), or its error.
 */
export const MessageBody = memo(function MessageBody({
  message,
  streaming,
  onRetry,
  autoRetry,
}: {
  message: Message;
  streaming: boolean;
  /** Given for an answer that failed before the server saved it: tries the exchange again. */
  onRetry?: () => void;
  /** Given for the latest answer while nothing runs: a rate limit may ask again by itself. */
  autoRetry?: AutoRetry;
}) {
  const latex = useSettings((s) => s.LaTeXParsing);
  const userMarkdown = useSettings((s) => s.enableUserMsgMarkdown);
  if (message.error) return <ErrorView text={message.text} onRetry={onRetry} autoRetry={autoRetry} />;
  if (message.isCreatedByUser) {
    return (
      <>
        <MessageFiles files={message.files} />
        <CollapsibleText>
          {userMarkdown ? (
            <LazyMarkdown text={message.text} latex={latex} />
          ) : (
            <div className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="plain-text">
              {message.text}
            </div>
          )}
        </CollapsibleText>
      </>
    );
  }
  const parts = partsOf(message);
  const thinks = parts.filter((p) => p.type === 'think');
  // Shown only when think parts exist and none is empty.
  const showThinks = thinks.length > 0 && thinks.every((p) => str(p.think).trim() !== '');
  const lastIndex = parts.length - 1;
  // Each text part's first artifact's number in the message, for the cards' panel keys.
  const offsets = artifactOffsets(messageTexts({ text: message.text, content: parts }));
  let textPart = -1;
  // The answer's first web search; any later one is the model searching again.
  const firstSearch = parts.findIndex(
    (p) => p.type === 'tool_call' && (p.tool_call as ToolCall | undefined)?.name === WEB_SEARCH_TOOL,
  );
  const sources = webSources(parts);
  const files = fileSources(parts);
  const cited = new Set([...sources.keys(), ...files.keys()]);
  return (
    <CitationContext.Provider value={cited.size ? citationRenderer(sources, files) : null}>
      {parts.map((part, i) => {
        if (part.type === 'think') {
          if (!showThinks) return null;
          return (
            // Thinking while it is the newest part of a streaming answer; done once anything follows.
            <ThinkingBlock key={i} streaming={streaming && i === lastIndex} durationMs={part.thinkingMs}>
              <LazyMarkdown text={stripThinkTags(str(part.think))} latex={latex} />
            </ThinkingBlock>
          );
        }
        if (part.type === 'text') {
          // Markers of known sources open their pop-ups (web pages, file passages).
          const text = markCitations(str(part.text), cited);
          textPart += 1;
          if (!text) return null;
          // The code-run scope wraps the text from its first token (Run shows once the answer has
          // finished), so the text is never drawn anew when the answer ends.
          return (
            <CodeRunScope
              key={i}
              conversationId={message.conversationId}
              messageId={message.messageId}
              partIndex={i}
              text={text}
              finished={!streaming}
            >
              <ArtifactScope value={{ messageId: message.messageId, offset: offsets[textPart] ?? 0 }}>
                <LazyMarkdown text={text} latex={latex} streaming={streaming && i === lastIndex} />
              </ArtifactScope>
            </CodeRunScope>
          );
        }
        if (part.type === 'tool_call') {
          if (IMAGE_TOOLS.includes((part.tool_call as ToolCall | undefined)?.name ?? ''))
            return (
              <Suspense key={i} fallback={TOOL_ROW_FALLBACK}>
                <ImageGenView call={part.tool_call as never} submitting={streaming} />
              </Suspense>
            );
          if ((part.tool_call as ToolCall | undefined)?.name === WEB_SEARCH_TOOL)
            return (
              <Suspense key={i} fallback={TOOL_ROW_FALLBACK}>
                <WebSearchView
                  call={part.tool_call as never}
                  submitting={streaming}
                  again={i > firstSearch}
                />
              </Suspense>
            );
          return (
            <Suspense key={i} fallback={TOOL_ROW_FALLBACK}>
              <ToolCallView
                call={(part.tool_call ?? {}) as never}
                submitting={streaming}
                conversationId={message.conversationId}
              />
            </Suspense>
          );
        }
        if (part.type === 'agent_update') {
          const update = (part.agent_update ?? {}) as { agentId?: unknown; agentName?: unknown };
          return typeof update.agentId === 'string' ? (
            <AgentHandoff key={i} agentId={update.agentId} agentName={str(update.agentName) || undefined} />
          ) : null;
        }
        if (part.type === 'image_file' || part.type === 'image_url')
          return <ContentImage key={i} part={part} />;
        if (part.type === 'error') return <ErrorView key={i} text={str(part.error) || str(part.text)} />;
        return null;
      })}
      {showsPlaceholder(message, streaming) && <StreamingPlaceholder delayed={!streaming} />}
    </CitationContext.Provider>
  );
});

import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** Where a code block sits: its message, and how to find its index among the message's blocks. */
export interface CodeRunScopeValue {
  conversationId: string;
  messageId: string;
  partIndex: number;
  /** The index of the fenced block holding `code` in the message's text (0 when not found). */
  blockIndexOf(code: string): number;
}

const CodeRunScopeContext = createContext<CodeRunScopeValue | null>(null);

/** The fenced code blocks' bodies in a markdown text, in order. */
export function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|$(?![\s\S]))/gm;
  for (const match of text.matchAll(fence)) blocks.push(match[2] ?? '');
  return blocks;
}

/**
 * Lets the code blocks of one finished answer offer the Run button. Outside a scope (a shared
 * conversation, a user's own message), or in one whose answer still streams or has no saved ids
 * yet, code blocks have no Run button. An answer's text keeps its scope from its first token on and
 * only the scope's value changes when it ends: a wrapper added at the end would make React draw
 * the whole text again, closing a citation pop-up the person had just opened.
 */
export function CodeRunScope({
  conversationId,
  messageId,
  partIndex,
  text,
  finished,
  children,
}: {
  conversationId: string | undefined;
  messageId: string | undefined;
  partIndex: number;
  text: string;
  /** The answer has stopped streaming. */
  finished: boolean;
  children: ReactNode;
}) {
  const value = useMemo<CodeRunScopeValue | null>(() => {
    if (!finished || !conversationId || !messageId) return null;
    const blocks = fencedBlocks(text).map((b) => b.replace(/\n$/, ''));
    return {
      conversationId,
      messageId,
      partIndex,
      blockIndexOf: (code) => Math.max(0, blocks.indexOf(code)),
    };
  }, [finished, conversationId, messageId, partIndex, text]);
  return <CodeRunScopeContext.Provider value={value}>{children}</CodeRunScopeContext.Provider>;
}

export const useCodeRunScope = () => useContext(CodeRunScopeContext);

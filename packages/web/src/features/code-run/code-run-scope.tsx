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
 * conversation, a streaming answer, a user's own message) code blocks have no Run button.
 */
export function CodeRunScope({
  conversationId,
  messageId,
  partIndex,
  text,
  children,
}: {
  conversationId: string;
  messageId: string;
  partIndex: number;
  text: string;
  children: ReactNode;
}) {
  const value = useMemo<CodeRunScopeValue>(() => {
    const blocks = fencedBlocks(text).map((b) => b.replace(/\n$/, ''));
    return {
      conversationId,
      messageId,
      partIndex,
      blockIndexOf: (code) => Math.max(0, blocks.indexOf(code)),
    };
  }, [conversationId, messageId, partIndex, text]);
  return <CodeRunScopeContext.Provider value={value}>{children}</CodeRunScopeContext.Provider>;
}

export const useCodeRunScope = () => useContext(CodeRunScopeContext);

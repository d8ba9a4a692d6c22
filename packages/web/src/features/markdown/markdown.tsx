import 'katex/dist/katex.min.css';
import './markdown.css';
import type { Element, ElementContent } from 'hast';
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block';
import { normalizeLatex } from './latex';
import { ThinkingBlock } from './thinking-block';
import { splitThinking } from './thinking-split';

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function languageOf(code: Element): string {
  const classes = code.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
}

const components: Components = {
  // Links open in a new tab without handing over the opener (001 §4).
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...props} target="_blank" rel="noopener noreferrer" />
  ),
  pre: ({ node }) => {
    const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    if (!code) return null;
    return <CodeBlock code={textOf(code).replace(/\n$/, '')} lang={languageOf(code)} />;
  },
  table: ({ node: _node, ...props }) => (
    <div className="table-wrap">
      <table {...props} />
    </div>
  ),
};

interface MarkdownProps {
  text: string;
  latex: boolean;
  /** The text is still streaming: an open thinking section is labelled "thinking". */
  streaming?: boolean;
}

/**
 * GFM markdown with math and highlighted code. Raw HTML in a message is never rendered as HTML
 * (react-markdown escapes it) and `javascript:` links are dropped by its URL filter.
 */
function MarkdownText({ text, latex }: { text: string; latex: boolean }) {
  return (
    <ReactMarkdown
      remarkPlugins={latex ? [remarkGfm, [remarkMath, { singleDollarTextMath: true }]] : [remarkGfm]}
      rehypePlugins={latex ? [[rehypeKatex, { throwOnError: false, strict: false }]] : []}
      components={components}
    >
      {latex ? normalizeLatex(text) : text}
    </ReactMarkdown>
  );
}

/** Memoised: a finished message is parsed once; a streaming one once per frame at most. */
const Markdown = memo(function Markdown({ text, latex, streaming = false }: MarkdownProps) {
  const segments = splitThinking(text);
  return (
    <div className="markdown" data-testid="markdown">
      {segments.map((segment, i) =>
        segment.kind === 'thinking' ? (
          <ThinkingBlock key={i} streaming={streaming && i === segments.length - 1}>
            <MarkdownText text={segment.text} latex={latex} />
          </ThinkingBlock>
        ) : (
          <MarkdownText key={i} text={segment.text} latex={latex} />
        ),
      )}
    </div>
  );
});

export default Markdown;

import 'katex/dist/katex.min.css';
import './markdown.css';
import type { Element, ElementContent } from 'hast';
import {
  createContext,
  memo,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ReactElement,
} from 'react';
import renderMarkdownSync, { type Components, type Options } from 'react-markdown';
import { splitArtifacts } from '@parley/schema';
import rehypeKatex from 'rehype-katex';
import { CitationLink } from './citation-link';
import { citedNumbers } from './citations';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { ArtifactCard, useArtifactScope } from '../artifacts';
import { attachOnce } from './attach-once';
import { CodeBlock } from './code-block';
import { LazyMermaidBlock } from './lazy-mermaid-block';
import { MarkdownImage } from './remote-image';
import { normalizeLatex } from './latex';
import { ThinkingBlock } from './thinking-block';
import { splitBlocks } from './stream-blocks';
import { splitThinking } from './thinking-split';

/** True inside a message that is still streaming: code is highlighted once it has finished. */
const StreamingContext = createContext(false);

function StreamingCodeBlock({ code, lang }: { code: string; lang: string }) {
  const streaming = useContext(StreamingContext);
  // A diagram is drawn once its text has finished arriving; until then it shows as code.
  if (lang === 'mermaid' && !streaming) return <LazyMermaidBlock code={code} />;
  return <CodeBlock code={code} lang={lang} highlightLater={streaming} />;
}

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
  // Links open in a new tab without handing over the opener.
  // A `#cite-…` link is a citation marker its message draws; other links open in a new tab.
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => {
    const cited = citedNumbers(props.href);
    if (cited) return <CitationLink numbers={cited}>{props.children}</CitationLink>;
    return <a {...props} target="_blank" rel="noopener noreferrer" />;
  },
  pre: ({ node }) => {
    const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    if (!code) return null;
    return <StreamingCodeBlock code={textOf(code).replace(/\n$/, '')} lang={languageOf(code)} />;
  },
  // A picture on another host loads through Parley's proxy, if at all (see MarkdownImage).
  img: MarkdownImage,
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
// Set up once: every block rendered makes a processor, which would build gfm's syntax again.
const GFM = attachOnce(remarkGfm);
const REMARK_MATH: Options['remarkPlugins'] = [GFM, attachOnce(remarkMath, { singleDollarTextMath: true })];
const REMARK_PLAIN: Options['remarkPlugins'] = [GFM];
const REHYPE_MATH: Options['rehypePlugins'] = [[rehypeKatex, { throwOnError: false, strict: false }]];

/**
 * Parsed blocks by text: a row that scrolls out of the virtual list and back, or a block that
 * stopped changing, is not parsed again (react-markdown's sync renderer is a pure function).
 */
const rendered = new Map<string, ReactElement>();
const RENDER_CACHE_MAX = 3000;

function renderBlock(text: string, latex: boolean): ReactElement {
  const key = `${latex ? 1 : 0}${text}`;
  const hit = rendered.get(key);
  if (hit) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  const element = renderMarkdownSync({
    children: latex ? normalizeLatex(text) : text,
    remarkPlugins: latex ? REMARK_MATH : REMARK_PLAIN,
    rehypePlugins: latex ? REHYPE_MATH : [],
    components,
  });
  rendered.set(key, element);
  if (rendered.size > RENDER_CACHE_MAX) rendered.delete(rendered.keys().next().value!);
  return element;
}

const MarkdownText = memo(function MarkdownText({ text, latex }: { text: string; latex: boolean }) {
  return renderBlock(text, latex);
});

/**
 * Text rendered block by block, each block memoised: while streaming only the growing last block
 * is parsed again, and when the answer ends the finished blocks are kept as they are.
 */
/** Blocks parsed per frame when a long text first appears (keeps each frame short). */
const BLOCKS_PER_FRAME = 4;

function BlockText({ text, latex, streaming }: { text: string; latex: boolean; streaming: boolean }) {
  const blocks = splitBlocks(text);
  const [shown, setShown] = useState(() => Math.min(blocks.length, BLOCKS_PER_FRAME));
  const total = blocks.length;
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((n) => Math.min(total, n + BLOCKS_PER_FRAME)));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  // A streaming answer grows a block at a time: it shows all of them at once.
  const visible = streaming ? total : shown;
  return (
    <StreamingContext.Provider value={streaming}>
      {blocks.slice(0, visible).map((block, i) => (
        <MarkdownText key={i} text={block} latex={latex} />
      ))}
      {visible < total && <div className="whitespace-pre-wrap">{blocks.slice(visible).join('\n\n')}</div>}
    </StreamingContext.Provider>
  );
}

/** Markdown with each artifact block shown as a card that opens it in the artifacts panel. */
function TextWithArtifacts({ text, latex, streaming }: { text: string; latex: boolean; streaming: boolean }) {
  // Only answers hold artifacts; a person's message that quotes the syntax shows it as written.
  const scope = useArtifactScope();
  const segments = scope ? splitArtifacts(text) : [];
  if (!scope) return <BlockText text={text} latex={latex} streaming={streaming} />;
  if (segments.length === 1 && segments[0]!.kind === 'text') {
    return <BlockText text={text} latex={latex} streaming={streaming} />;
  }
  return segments.map((segment, i) =>
    segment.kind === 'artifact' ? (
      <ArtifactCard key={i} artifact={segment.artifact} index={segment.index} />
    ) : (
      <BlockText
        key={i}
        text={segment.text}
        latex={latex}
        streaming={streaming && i === segments.length - 1}
      />
    ),
  );
}

/** Memoised: a finished message is parsed once; a streaming one once per frame at most. */
const Markdown = memo(function Markdown({ text, latex, streaming = false }: MarkdownProps) {
  const segments = splitThinking(text);
  return (
    <div className="markdown" data-testid="markdown">
      {segments.map((segment, i) =>
        segment.kind === 'thinking' ? (
          <ThinkingBlock key={i} streaming={streaming}>
            <MarkdownText text={segment.text} latex={latex} />
          </ThinkingBlock>
        ) : (
          <TextWithArtifacts key={i} text={segment.text} latex={latex} streaming={streaming} />
        ),
      )}
    </div>
  );
});

export default Markdown;

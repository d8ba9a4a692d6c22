import { createRoot } from 'react-dom/client';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** A markdown artifact as a document (raw HTML in it stays text, as in messages). */
export function renderMarkdown(source: string, root: HTMLElement): void {
  createRoot(root).render(
    <article className="preview-markdown">
      <Markdown remarkPlugins={[remarkGfm]}>{source}</Markdown>
    </article>,
  );
}

import { Suspense } from 'react';
import { lazyArea } from '../../components/ui/lazy-area';

interface MarkdownProps {
  text: string;
  latex: boolean;
  streaming?: boolean;
}

function PlainText({ text }: { text: string }) {
  return <div className="whitespace-pre-wrap">{text}</div>;
}

// Markdown comes from its own chunk. Until it arrives — or if the network keeps it away, until the
// connection is back — the plain text shows in its place, so a message is always readable.
const markdown = lazyArea<MarkdownProps>(
  () => import('../markdown/markdown'),
  (_retry, props) => <PlainText text={props.text} />,
);

/** Starts loading the markdown chunk early (when a conversation opens) so it is ready on paint. */
export const preloadMarkdown = markdown.preload;

/** Markdown from its own chunk; until it arrives the plain text shows in its place. */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<PlainText text={props.text} />}>
      <markdown.Area {...props} />
    </Suspense>
  );
}

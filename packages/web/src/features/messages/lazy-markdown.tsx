import { lazy, Suspense } from 'react';

const load = () => import('../markdown/markdown');
const Markdown = lazy(load);

/** Starts loading the markdown chunk early (when a conversation opens) so it is ready on paint. */
export function preloadMarkdown(): void {
  void load();
}

/** Markdown from its own chunk; until it arrives the plain text shows in its place. */
export function LazyMarkdown({
  text,
  latex,
  streaming,
}: {
  text: string;
  latex: boolean;
  streaming?: boolean;
}) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap">{text}</div>}>
      <Markdown text={text} latex={latex} streaming={streaming} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { CodeBlock } from './code-block';

// The diagram library is large: it loads with the first diagram shown.
const MermaidBlock = lazy(() => import('./mermaid-block'));

/** A mermaid code block drawn as a diagram (its code shows until the drawing code arrives). */
export function LazyMermaidBlock({ code }: { code: string }) {
  return (
    <Suspense fallback={<CodeBlock code={code} lang="mermaid" />}>
      <MermaidBlock code={code} />
    </Suspense>
  );
}

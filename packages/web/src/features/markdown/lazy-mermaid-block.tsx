import { Suspense } from 'react';
import { lazyArea } from '../../components/ui/lazy-area';
import { CodeBlock } from './code-block';

// The diagram library is large: it loads with the first diagram shown. If it cannot arrive, the
// diagram's code stays in its place until the connection is back.
const MermaidBlock = lazyArea<{ code: string }>(
  () => import('./mermaid-block'),
  (_retry, { code }) => <CodeBlock code={code} lang="mermaid" />,
).Area;

/** A mermaid code block drawn as a diagram (its code shows until the drawing code arrives). */
export function LazyMermaidBlock({ code }: { code: string }) {
  return (
    <Suspense fallback={<CodeBlock code={code} lang="mermaid" />}>
      <MermaidBlock code={code} />
    </Suspense>
  );
}

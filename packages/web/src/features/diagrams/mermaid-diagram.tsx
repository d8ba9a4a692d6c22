import './diagram.css';
import { useEffect, useState } from 'react';
import { renderMermaid } from './mermaid-render';
import { ZoomPan, type ZoomPanLabels } from './zoom-pan';

export interface MermaidLabels extends ZoomPanLabels {
  /** Shown when the diagram does not render (the source is shown below it). */
  error: string;
  loading: string;
}

export const ENGLISH_MERMAID_LABELS: MermaidLabels = {
  error: 'Error rendering diagram',
  loading: 'Rendering diagram…',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  reset: 'Reset view',
};

type State = { kind: 'loading' } | { kind: 'done'; svg: string } | { kind: 'failed'; message: string };

/**
 * A mermaid diagram with zoom and pan; when it does not render, the spec's "Error rendering
 * diagram" with the parser's message and the source, never a blank.
 */
export function MermaidDiagram({
  source,
  dark,
  labels = ENGLISH_MERMAID_LABELS,
  fill = false,
  onRendered,
}: {
  source: string;
  dark: boolean;
  labels?: MermaidLabels;
  fill?: boolean;
  onRendered?: (ok: boolean, message?: string) => void;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    renderMermaid(source, dark).then(
      (svg) => {
        if (!live) return;
        setState({ kind: 'done', svg });
        onRendered?.(true);
      },
      (error: unknown) => {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ kind: 'failed', message });
        onRendered?.(false, message);
      },
    );
    return () => {
      live = false;
    };
    // onRendered is a notification, not an input of the drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, dark]);

  if (state.kind === 'loading') {
    return (
      <div className="mermaid-status" data-testid="mermaid-loading">
        {labels.loading}
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="mermaid-failed" role="alert" data-testid="mermaid-error">
        <strong>{labels.error}</strong>
        <div className="mermaid-failed-message">{state.message.split('\n').slice(0, 4).join('\n')}</div>
        <pre>{source}</pre>
      </div>
    );
  }
  return (
    <ZoomPan labels={labels} fill={fill}>
      <div
        className="mermaid-svg"
        data-testid="mermaid-svg"
        dangerouslySetInnerHTML={{ __html: state.svg }}
      />
    </ZoomPan>
  );
}

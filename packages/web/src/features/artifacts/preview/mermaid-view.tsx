import { createRoot } from 'react-dom/client';
import { MermaidDiagram } from '../../diagrams';

/** A mermaid artifact: the diagram filling the frame, with zoom and pan (or its own failure text). */
export function renderMermaidArtifact(source: string, root: HTMLElement, dark: boolean): Promise<void> {
  return new Promise((resolve) => {
    createRoot(root).render(<MermaidDiagram source={source} dark={dark} fill onRendered={() => resolve()} />);
  });
}

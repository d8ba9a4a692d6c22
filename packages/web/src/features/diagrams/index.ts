/** Diagrams as other folders see them: import from here, never from its other files. */
export { MermaidDiagram, ENGLISH_MERMAID_LABELS, type MermaidLabels } from './mermaid-diagram';

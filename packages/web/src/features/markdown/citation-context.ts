import { createContext, type ReactNode } from 'react';

/** Draws a citation marker for the numbers it cites; `fallback` is the marker's plain text. */
export type CitationRenderer = (numbers: number[], fallback: ReactNode) => ReactNode;

/** Given by a message whose answer has sources; markdown outside one shows markers as text. */
export const CitationContext = createContext<CitationRenderer | null>(null);

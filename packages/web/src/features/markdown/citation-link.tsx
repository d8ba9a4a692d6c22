import { useContext, type ReactNode } from 'react';
import { CitationContext } from './citation-context';

/** A `#cite-…` link as its message draws it, or as plain text where no message gives sources. */
export function CitationLink({ numbers, children }: { numbers: number[]; children: ReactNode }) {
  const render = useContext(CitationContext);
  return <>{render ? render(numbers, children) : children}</>;
}

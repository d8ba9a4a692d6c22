import { clsx } from 'clsx';
import { Fragment, useMemo } from 'react';

const PLACEHOLDER = /(\{\{[^{}\r\n]+\}\})/g;

/** A prompt's text with its {{variables}} marked, keeping line breaks. */
export function HighlightedPrompt({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => text.split(PLACEHOLDER), [text]);
  return (
    <div
      className={clsx('font-mono text-[13.5px] leading-6 break-words whitespace-pre-wrap text-fg', className)}
      data-testid="prompt-text-view"
    >
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded bg-accent-soft px-0.5 text-accent">
            {part}
          </mark>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </div>
  );
}

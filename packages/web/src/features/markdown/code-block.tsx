import { Check, Copy, Loader2, Play } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeRunOutput, useCodeBlockRun } from '../code-run';
import { highlight, type HighlightedLine } from './highlighter';
import { useCopy } from './use-copy';

/**
 * A fenced code block: language label, copy button (3 s checkmark), shiki highlighting and, in a
 * finished answer whose language the server runs, the Run button with the runs' output below.
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  lang,
  highlightLater = false,
}: {
  code: string;
  lang: string;
  /** The message is still streaming: highlight once it is done. */
  highlightLater?: boolean;
}) {
  const { t } = useTranslation();
  const [copied, copy] = useCopy();
  const [lines, setLines] = useState<{ code: string; lines: HighlightedLine[] } | null>(null);

  useEffect(() => {
    if (highlightLater) return;
    let cancelled = false;
    void highlight(code, lang).then((result) => {
      if (!cancelled && result) setLines({ code, lines: result });
    });
    return () => {
      cancelled = true;
    };
  }, [code, lang, highlightLater]);

  const runner = useCodeBlockRun(code, lang);
  const highlighted = lines?.code === code ? lines.lines : null;
  return (
    <div
      className="code-block not-prose my-3 overflow-hidden rounded-xl border border-border bg-surface-muted dark:bg-surface-sunken"
      data-testid="code-block"
    >
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5 text-xs text-fg-muted">
        <span className="font-mono" data-testid="code-lang">
          {lang || t('com_ui_code')}
        </span>
        <span className="flex items-center gap-1">
          {runner.canRun && !highlightLater && (
            <button
              type="button"
              onClick={runner.run}
              disabled={runner.running}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 hover:bg-surface-sunken hover:text-fg disabled:opacity-60 dark:hover:bg-surface-muted"
              aria-label={runner.running ? t('com_ui_running') : t('com_ui_run_code')}
              data-testid="run-code"
            >
              {runner.running ? (
                <Loader2 className="size-3.5 animate-spin" aria-hidden />
              ) : (
                <Play className="size-3.5" aria-hidden />
              )}
              {runner.running ? t('com_ui_running') : t('com_ui_run_code')}
            </button>
          )}
          <button
            type="button"
            onClick={() => copy(code)}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 hover:bg-surface-sunken hover:text-fg dark:hover:bg-surface-muted"
            aria-label={copied ? t('com_ui_copied') : t('com_ui_copy_code')}
            data-testid="copy-code"
          >
            {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
            {copied ? t('com_ui_copied') : t('com_ui_copy_code')}
          </button>
        </span>
      </div>
      <pre
        className="overflow-x-auto p-3 text-[13px] leading-relaxed"
        data-highlighted={highlighted ? 'true' : 'false'}
      >
        <code className="font-mono">
          {highlighted
            ? highlighted.map((line, i) => (
                <span key={i} className="block min-h-[1lh]">
                  {line.map((token, j) => (
                    <span key={j} className="shiki-token" style={token.style}>
                      {token.content}
                    </span>
                  ))}
                </span>
              ))
            : code}
        </code>
      </pre>
      {runner.canRun && (
        <CodeRunOutput outcomes={runner.outcomes} shown={runner.shown} onShow={runner.showPage} />
      )}
    </div>
  );
});

import { Check, Copy, Loader2, Play } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeRunOutput, useCodeBlockRun } from '../code-run';
import { highlight } from './highlighter';
import { highlightTarget, splitShown, type Highlighted } from './streaming-highlight';
import { useCopy } from './use-copy';

/**
 * A fenced code block: language label, copy button (3 s checkmark), shiki highlighting (line by
 * line while it streams) and, in a finished answer whose language the server runs, the Run button
 * with the runs' output below.
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  lang,
  highlightLater = false,
}: {
  code: string;
  lang: string;
  /** The message is still streaming: only completed lines are highlighted until it is done. */
  highlightLater?: boolean;
}) {
  const { t } = useTranslation();
  const [copied, copy] = useCopy();
  const [highlighted, setHighlighted] = useState<Highlighted | null>(null);
  // One request at a time: a streaming block asks again, for its newly completed lines, when the
  // last answer is back. The highlighter (a worker) never queues up behind a fast stream.
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const target = highlightTarget(code, highlightLater, highlighted?.code);
    if (target === null || inFlight.current) return;
    inFlight.current = true;
    void highlight(target, lang).then((result) => {
      inFlight.current = false;
      if (!mounted.current) return;
      // An unknown language: nothing to colour, ever (the code stays as it is).
      setHighlighted({ code: target, lines: result ?? [] });
    });
  }, [code, lang, highlightLater, highlighted?.code]);

  const shown = splitShown(code, highlighted?.lines.length ? highlighted : null);
  // Rendered once per highlighting answer, not once per token: React keeps the same elements while
  // only the plain line being written changes.
  const colouredLines = useMemo(
    () =>
      (highlighted ? splitShown(highlighted.code, highlighted).lines : []).map((line, i) => (
        <span key={i} className="block min-h-[1lh]">
          {line.map((token, j) => (
            <span key={j} className="shiki-token" style={token.style}>
              {token.content}
            </span>
          ))}
        </span>
      )),
    [highlighted],
  );
  const runner = useCodeBlockRun(code, lang);
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
        data-highlighted={shown.complete ? 'true' : shown.lines.length > 0 ? 'partial' : 'false'}
      >
        <code className="font-mono">
          {shown.lines.length > 0 && colouredLines}
          {shown.lines.length > 0
            ? shown.rest && <span className="block min-h-[1lh]">{shown.rest}</span>
            : code}
        </code>
      </pre>
      {runner.canRun && runner.waitingAhead !== null && (
        <div
          role="status"
          className="border-t border-border px-3 py-1.5 text-xs text-fg-muted"
          data-testid="code-run-waiting"
        >
          {runner.waitingAhead === 0
            ? t('com_ui_run_code_waiting_next')
            : t('com_ui_run_code_waiting', { ahead: runner.waitingAhead })}
        </div>
      )}
      {runner.canRun && (
        <CodeRunOutput outcomes={runner.outcomes} shown={runner.shown} onShow={runner.showPage} />
      )}
    </div>
  );
});

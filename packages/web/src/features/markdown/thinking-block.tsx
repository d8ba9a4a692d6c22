import { clsx } from 'clsx';
import { Brain, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../store/settings-store';
import { thoughtDuration } from './thinking-duration';

/** The label of finished reasoning: how long it took when known, else plain "Thoughts". */
function useThoughtLabel(thinking: boolean, durationMs: unknown): string {
  const { t } = useTranslation();
  // Measured here while the reasoning streams, for the moments before the saved answer (which
  // carries the server's time) arrives.
  const since = useRef<number | null>(thinking ? performance.now() : null);
  const [measured, setMeasured] = useState<number | null>(null);
  useEffect(() => {
    if (thinking) since.current ??= performance.now();
    else if (since.current !== null) setMeasured(performance.now() - since.current);
  }, [thinking]);
  if (thinking) return t('com_ui_thinking');
  const took = thoughtDuration(durationMs ?? measured);
  if (!took) return t('com_ui_thoughts');
  return took.minutes > 0
    ? t('com_ui_thought_for_min', { minutes: took.minutes, seconds: took.seconds })
    : t('com_ui_thought_for', { seconds: took.seconds });
}

/**
 * Reasoning as a collapsible block: labelled "Thinking…" while the reasoning is still being
 * written, then "Thought for N s" (or "Thoughts" when the time is unknown). Opening or closing it
 * is remembered as the show-thinking setting, which is also the initial state of every block.
 */
export function ThinkingBlock({
  streaming,
  durationMs,
  children,
}: {
  /** The reasoning is still being written. */
  streaming: boolean;
  /** How long it took, as the saved answer says (absent while it streams and in older answers). */
  durationMs?: unknown;
  children: ReactNode;
}) {
  const label = useThoughtLabel(streaming, durationMs);
  const open = useSettings((s) => s.showThinking);
  const setSetting = useSettings((s) => s.setSetting);
  return (
    <div className="my-2" data-testid="thinking-block" data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        onClick={() => setSetting('showThinking', !open)}
        aria-expanded={open}
        className="group inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-fg-muted hover:bg-surface-muted hover:text-fg"
        data-testid="thinking-toggle"
      >
        <Brain className={clsx('size-4', streaming && 'animate-pulse')} aria-hidden />
        <span>{label}</span>
        <ChevronDown
          className={clsx('size-4 transition-transform', !open && '-rotate-90 rtl:rotate-90')}
          aria-hidden
        />
      </button>
      {open && (
        <div
          className="mt-1 border-s-2 border-border ps-3 text-[0.93em] text-fg-muted"
          data-testid="thinking-content"
        >
          {children}
        </div>
      )}
    </div>
  );
}

import { clsx } from 'clsx';
import { Brain, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../store/settings-store';

/**
 * Reasoning as a collapsible block: labelled "thinking" while the last message is still
 * being submitted, "thoughts" otherwise. Opening or closing it is remembered as the show-thinking
 * setting, which is also the initial state of every block.
 */
export function ThinkingBlock({ streaming, children }: { streaming: boolean; children: ReactNode }) {
  const { t } = useTranslation();
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
        <span>{streaming ? t('com_ui_thinking') : t('com_ui_thoughts')}</span>
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

import { clsx } from 'clsx';
import { ChevronDown, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../store/settings-store';

interface ToolCall {
  name?: string;
  args?: unknown;
  output?: unknown;
  progress?: number;
}

/** A tool call: its name and progress; arguments and output behind a toggle (show-code setting). */
export function ToolCallView({ call, submitting }: { call: ToolCall; submitting: boolean }) {
  const { t } = useTranslation();
  const showCode = useSettings((s) => s.showCode);
  const [open, setOpen] = useState(showCode);
  const done = (call.progress ?? 0) >= 1 || call.output !== undefined;
  const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? '', null, 2);
  const label = done
    ? t('com_ui_tool_finished', { name: call.name ?? '' })
    : submitting
      ? t('com_ui_tool_running', { name: call.name ?? '' })
      : t('com_ui_tool_cancelled', { name: call.name ?? '' });
  return (
    <div className="my-2 rounded-xl border border-border text-sm" data-testid="tool-call">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="flex w-full items-center gap-2 px-3 py-2 text-start text-fg-muted hover:text-fg"
      >
        <Wrench className={clsx('size-4', !done && submitting && 'animate-pulse')} aria-hidden />
        <span className="flex-1 truncate">{label}</span>
        <ChevronDown className={clsx('size-4 transition-transform', !open && '-rotate-90')} aria-hidden />
      </button>
      {open && (
        <div className="space-y-2 border-t border-border px-3 py-2 font-mono text-xs">
          <pre className="overflow-x-auto whitespace-pre-wrap">{args}</pre>
          {call.output !== undefined && (
            <pre className="overflow-x-auto whitespace-pre-wrap text-fg-muted">{String(call.output)}</pre>
          )}
        </div>
      )}
    </div>
  );
}

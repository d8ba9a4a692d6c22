import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { StatusIcon } from './status-icon';

type Tone = 'error' | 'success' | 'info';

const TONES: Record<Tone, string> = {
  error: 'border-danger/30 bg-danger-soft text-danger',
  success: 'border-success/30 bg-success-soft text-success',
  info: 'border-accent/25 bg-accent-soft text-fg',
};

/** An inline message box (form errors, confirmations). */
export function Alert({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={clsx('flex gap-2.5 rounded-lg border px-3.5 py-3 text-start text-sm leading-5', TONES[tone])}
    >
      <StatusIcon kind={tone} className="mt-0.5 size-4" />
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </div>
  );
}

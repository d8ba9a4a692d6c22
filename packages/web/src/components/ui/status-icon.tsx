import { clsx } from 'clsx';

export type StatusKind = 'error' | 'success' | 'info';

/**
 * A small round status mark drawn inline (no icon library), so the sign-in pages that show it do
 * not pull an icon set into the first download.
 */
export function StatusIcon({ kind, className }: { kind: StatusKind; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={clsx('shrink-0', className ?? 'size-4')}
      aria-hidden
    >
      <circle cx="8" cy="8" r="6.5" />
      {kind === 'success' && <path d="M5.25 8.25l1.9 1.9 3.6-3.9" />}
      {kind === 'error' && <path d="M8 4.75v3.75M8 11.1v.15" />}
      {kind === 'info' && <path d="M8 7.25v4M8 4.9v.15" />}
    </svg>
  );
}

import { clsx } from 'clsx';

/** The Parley mark: a speech bubble on an accent tile. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className ?? 'size-9')} aria-hidden>
      <rect width="32" height="32" rx="9" className="fill-accent" />
      <path
        d="M9 10.5A3.5 3.5 0 0 1 12.5 7h7A3.5 3.5 0 0 1 23 10.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.6c-.6.5-1.8.2-1.8-.7z"
        className="fill-accent-fg"
      />
    </svg>
  );
}

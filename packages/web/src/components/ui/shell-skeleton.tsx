/**
 * The shell's outline (sidebar, composer) while its code, strings and session arrive. index.html
 * carries the same markup so the first paint already shows it; keep the two alike, or the page
 * jumps when React takes over.
 */
export function ShellSkeleton() {
  return (
    <div data-shell-frame aria-busy="true" className="flex h-dvh overflow-hidden bg-surface">
      <div className="hidden w-[260px] shrink-0 border-e border-border bg-surface-muted min-[769px]:block dark:bg-surface-sunken" />
      <div className="flex min-w-0 flex-1 flex-col justify-center p-4 max-[767px]:justify-end">
        <div className="mx-auto h-14 w-full max-w-3xl rounded-3xl border border-border bg-surface-raised" />
      </div>
    </div>
  );
}

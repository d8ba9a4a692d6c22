import { ArrowLeft } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A page opened inside a dialog in place of its body (the settings dialog's archive and
 * shared-links managers): one dialog on screen, a back button and Escape return to where the user
 * was. A modal opened on top of another modal would hide the first one's state behind a second
 * overlay and need two Escapes to understand.
 */
export interface SubView {
  title: string;
  /** The page's body; it fills the dialog below the back row. */
  content: ReactNode;
  testId?: string;
}

const OpenSubView = createContext<((view: SubView) => void) | null>(null);

/** The dialog's side: which sub-view is open, opening one, and going back (focus returns to the opener). */
export function useSubViewHost() {
  const [view, setView] = useState<SubView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returning = useRef(false);
  const open = useCallback((next: SubView) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setView(next);
  }, []);
  const back = useCallback(() => {
    returning.current = true;
    setView(null);
  }, []);
  /** The dialog closed: it opens again on its own body. */
  const reset = useCallback(() => setView(null), []);
  // Once the dialog's body shows again, the button that opened the sub-view takes the focus back.
  useEffect(() => {
    if (view || !returning.current) return;
    returning.current = false;
    opener.current?.focus();
  }, [view]);
  return { view, open, back, reset };
}

/** Gives the dialog's body a way to open a sub-view. */
export function SubViewProvider({ open, children }: { open: (view: SubView) => void; children: ReactNode }) {
  return <OpenSubView.Provider value={open}>{children}</OpenSubView.Provider>;
}

/** Opens a page inside the surrounding dialog; only used under a dialog that hosts sub-views. */
export function useOpenSubView(): (view: SubView) => void {
  const open = useContext(OpenSubView);
  if (!open) throw new Error('useOpenSubView is used outside a dialog that hosts sub-views');
  return open;
}

/** The open sub-view: a back button and the page's title above its body. */
export function DialogSubView({
  view,
  onBack,
  backLabel,
}: {
  view: SubView;
  onBack: () => void;
  backLabel: string;
}) {
  return (
    <section
      className="flex min-h-0 flex-1 flex-col gap-3 px-4 pb-5 sm:px-6"
      aria-label={view.title}
      data-testid={view.testId}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={onBack}
          aria-label={backLabel}
          data-testid="sub-view-back"
          autoFocus
          className="-ms-1.5 flex size-8 items-center justify-center rounded-lg text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4.5 rtl:-scale-x-100" aria-hidden />
        </button>
        <h3 className="min-w-0 truncate text-base font-semibold">{view.title}</h3>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3">{view.content}</div>
    </section>
  );
}

import { clsx } from 'clsx';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** About twelve lines of message text (24 px each): taller user messages start collapsed. */
export const COLLAPSED_MAX_PX = 288;
/** A message only a line or so taller than the limit is shown whole: folding it would hide little. */
const FOLD_SLACK_PX = 48;

/**
 * A user message taller than about twelve lines shows its first lines with "Show more", so a long
 * paste (50 KB of logs) does not become a bubble tens of thousands of pixels tall.
 */
export function CollapsibleText({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [tall, setTall] = useState(false);

  // The content's own height (the box around it is the one clamped), measured again when it
  // changes: markdown arriving after its plain-text stand-in, a narrower window.
  useLayoutEffect(() => {
    const el = content.current;
    if (!el) return;
    const measure = () => setTall(el.offsetHeight > COLLAPSED_MAX_PX + FOLD_SLACK_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const folded = tall && !expanded;
  return (
    <>
      <div
        data-testid="collapsible-text"
        data-folded={folded || undefined}
        className={clsx(
          folded && 'overflow-hidden [mask-image:linear-gradient(to_bottom,black_75%,transparent)]',
        )}
        style={folded ? { maxHeight: COLLAPSED_MAX_PX } : undefined}
      >
        <div ref={content}>{children}</div>
      </div>
      {tall && (
        <button
          type="button"
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
          data-testid="show-more"
          className="mt-1 text-[13px] font-medium text-fg-muted hover:text-fg"
        >
          {expanded ? t('com_ui_show_less') : t('com_ui_show_more')}
        </button>
      )}
    </>
  );
}

import { clsx } from 'clsx';
import { PanelRightClose, PanelRightOpen, X } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { Button } from '../../components/ui/button';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSettings } from '../../store/settings-store';
import { ResizeHandle } from './resize-handle';
import type { SidePanelSection } from './side-panel-section';
import { useSidePanel } from './side-panel-store';

/** On small screens (at most 767 px wide) the side panel is fully collapsed: no rail, no panel. */
export const SIDE_PANEL_COLLAPSED_MEDIA = '(max-width: 767px)';

/**
 * Whether the page shows a side panel at all: not when the interface configuration turns it off,
 * nor when the person's "hide side panel" setting is on.
 */
export function useSidePanelShown(sections: SidePanelSection[]): boolean {
  const hidden = useSettings((s) => s.hideSidePanel);
  const enabled = useStartupConfig().data?.interface.sidePanel !== false;
  return enabled && !hidden && sections.length > 0;
}

/**
 * The right-hand side panel of the chat page: a rail with one button per section and, when a
 * section is open, the section beside it, resizable from its start edge. Which section is open and
 * the width are kept in the browser. On phones it is collapsed and opens over the chat from the
 * header's button instead (see SidePanelToggle).
 */
export function SidePanel({ sections }: { sections: SidePanelSection[] }) {
  const shown = useSidePanelShown(sections);
  const phone = useMediaQuery(SIDE_PANEL_COLLAPSED_MEDIA);
  if (!shown) return null;
  return phone ? <PhoneOverlay sections={sections} /> : <DesktopPanel sections={sections} />;
}

function DesktopPanel({ sections }: { sections: SidePanelSection[] }) {
  const { t } = useTranslation();
  const { section, width, open, collapse, setWidth } = useSidePanel();
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const current = sections.find((s) => s.id === section);
  return (
    <div className="flex shrink-0" data-testid="side-panel">
      {current && (
        <>
          <ResizeHandle
            width={dragWidth ?? width}
            onResize={setDragWidth}
            onResizeEnd={(w) => {
              setDragWidth(null);
              setWidth(w);
            }}
          />
          <SectionPane
            section={current}
            style={{ width: dragWidth ?? width }}
            close={
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                onClick={collapse}
                aria-label={t('side_panel.collapse')}
                data-testid="side-panel-collapse"
              >
                <PanelRightClose className="size-4 rtl:-scale-x-100" aria-hidden />
              </Button>
            }
          />
        </>
      )}
      <nav
        className="flex w-12 shrink-0 flex-col items-center gap-1 border-s border-border py-3"
        aria-label={t('side_panel.title')}
        data-testid="side-panel-rail"
      >
        {sections.map((s) => {
          const active = s.id === current?.id;
          const Icon = s.icon;
          return (
            <Button
              key={s.id}
              variant="ghost"
              size="icon"
              onClick={() => (active ? collapse() : open(s.id))}
              aria-label={s.label}
              aria-pressed={active}
              title={s.label}
              data-testid={`open-${s.id}-panel`}
              className={clsx(active && 'bg-surface-muted text-fg')}
            >
              <Icon className="size-5" aria-hidden />
            </Button>
          );
        })}
      </nav>
    </div>
  );
}

/** On phones: the open section fills the screen's end side over the chat, with tabs on top. */
function PhoneOverlay({ sections }: { sections: SidePanelSection[] }) {
  const { t } = useTranslation();
  const { section, overlayOpen, open, setOverlayOpen } = useSidePanel();
  if (!overlayOpen) return null;
  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  return (
    <>
      <button
        type="button"
        aria-label={t('side_panel.close')}
        onClick={() => setOverlayOpen(false)}
        className="animate-fade-in fixed inset-0 z-40 bg-overlay"
      />
      <SectionPane
        section={current}
        className="fixed inset-y-0 end-0 z-50 w-full max-w-sm bg-surface shadow-xl"
        tabs={
          sections.length > 1 && (
            <div className="flex gap-1 px-3 pb-2" role="tablist">
              {sections.map((s) => (
                <Button
                  key={s.id}
                  variant={s.id === current.id ? 'secondary' : 'ghost'}
                  size="sm"
                  role="tab"
                  aria-selected={s.id === current.id}
                  onClick={() => open(s.id)}
                >
                  <s.icon className="size-4" aria-hidden />
                  {s.label}
                </Button>
              ))}
            </div>
          )
        }
        close={
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => setOverlayOpen(false)}
            aria-label={t('side_panel.close')}
            data-testid="side-panel-collapse"
          >
            <X className="size-4" aria-hidden />
          </Button>
        }
      />
    </>
  );
}

function SectionPane({
  section,
  close,
  tabs,
  className,
  style,
}: {
  section: SidePanelSection;
  close: ReactNode;
  tabs?: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  const Icon = section.icon;
  return (
    <aside
      className={clsx(
        'flex min-h-0 flex-col border-s border-border dark:bg-surface-sunken',
        // Over the chat (phones) the pane must be opaque; beside it, a tint sets it apart.
        className ?? 'h-full bg-surface-muted/50',
      )}
      style={style}
      aria-label={section.label}
      data-testid={`${section.id}-side-panel`}
    >
      <div className="flex h-14 shrink-0 items-center gap-2 px-3">
        <Icon className="size-4 text-fg-muted" aria-hidden />
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{section.label}</h2>
        {section.actions}
        {close}
      </div>
      {tabs}
      {section.content}
    </aside>
  );
}

/**
 * The header button that opens the side panel on phones, where the panel is collapsed. Renders
 * nothing on wider screens (the rail is there) or when the panel is hidden.
 */
export function SidePanelToggle({ sections }: { sections: SidePanelSection[] }) {
  const { t } = useTranslation();
  const shown = useSidePanelShown(sections);
  const phone = useMediaQuery(SIDE_PANEL_COLLAPSED_MEDIA);
  const setOverlayOpen = useSidePanel((s) => s.setOverlayOpen);
  if (!shown || !phone) return null;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setOverlayOpen(true)}
      aria-label={t('side_panel.open')}
      data-testid="side-panel-open"
    >
      <PanelRightOpen className="size-5 rtl:-scale-x-100" aria-hidden />
    </Button>
  );
}

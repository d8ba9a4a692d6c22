import { clsx } from 'clsx';
import { PanelRightClose, X } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ResizeHandle } from './resize-handle';
import type { SidePanelSection } from './side-panel-section';
import { useSidePanel } from './side-panel-store';

/**
 * The open section beside the rail (desktop), resizable from its start edge, or over the chat
 * (phones). Its code loads when a section is first open.
 */
export default function OpenPane({
  section,
  sections,
  phone,
}: {
  section: SidePanelSection;
  sections: SidePanelSection[];
  phone: boolean;
}) {
  return phone ? <PhoneOverlay sections={sections} /> : <DesktopPane current={section} />;
}

function DesktopPane({ current }: { current: SidePanelSection }) {
  const { t } = useTranslation();
  const { width, collapse, setWidth } = useSidePanel();
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  return (
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

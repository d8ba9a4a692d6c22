import { clsx } from 'clsx';
import { PanelRightOpen } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { useRole } from '../auth';
import { Button } from '../../components/ui/button';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSettings } from '../../store/settings-store';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import type { SidePanelSection } from './side-panel-section';
import { useSidePanel } from './side-panel-store';

// The open pane (resizing, the phone overlay) loads when a section is first open.
const OpenPane = lazyArea<{ section: SidePanelSection; sections: SidePanelSection[]; phone: boolean }>(
  () => import('./side-panel-pane'),
  (retry) => <AreaError onRetry={retry} />,
).Area;

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
  const reserving = useRailReserved(sections);
  if (reserving && !phone) return <ReservedRail />;
  if (!shown) return null;
  return phone ? <PhonePanel sections={sections} /> : <DesktopPanel sections={sections} />;
}

/**
 * True while the person's role (which decides the sections) is still loading and the panel would
 * otherwise show. The rail then takes its width at once: arriving later, it narrowed the chat
 * column and moved a message's buttons under a pointer about to click them.
 */
function useRailReserved(sections: SidePanelSection[]): boolean {
  const hidden = useSettings((s) => s.hideSidePanel);
  const enabled = useStartupConfig().data?.interface.sidePanel !== false;
  const role = useRole();
  const roleLoading = role.isPending && role.fetchStatus === 'fetching';
  return enabled && !hidden && sections.length === 0 && roleLoading;
}

/** The rail's empty frame, shown until the sections are known. */
function ReservedRail() {
  return (
    <div className="w-12 shrink-0 border-s border-border" data-testid="side-panel-reserved" aria-hidden />
  );
}

function DesktopPanel({ sections }: { sections: SidePanelSection[] }) {
  const { t } = useTranslation();
  const { section, open, collapse } = useSidePanel();
  const current = sections.find((s) => s.id === section);
  return (
    <div className="flex shrink-0" data-testid="side-panel">
      {current && (
        <Suspense fallback={null}>
          <OpenPane section={current} sections={sections} phone={false} />
        </Suspense>
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

function PhonePanel({ sections }: { sections: SidePanelSection[] }) {
  const { section, overlayOpen } = useSidePanel();
  if (!overlayOpen) return null;
  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  return (
    <Suspense fallback={null}>
      <OpenPane section={current} sections={sections} phone />
    </Suspense>
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

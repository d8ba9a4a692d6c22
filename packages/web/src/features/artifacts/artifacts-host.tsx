import type { Message } from '@parley/schema';
import { lazy, Suspense, useEffect, useMemo, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_HEADER_MEDIA } from '../../lib/breakpoints';
import { readLocal, writeLocal } from '../../lib/local-storage';
import { useMediaQuery } from '../../lib/use-media-query';
import { useArtifacts } from './artifacts-store';
import { collectArtifacts, type ArtifactEntry } from './collect-artifacts';
import { followArtifacts } from './panel-follow';
import { PANEL_FADE_MS } from './timings';
import { useExitDelay } from './use-exit-delay';
import { useSettledArtifacts } from './use-settled-artifacts';

const ArtifactsPanel = lazy(() => import('./artifacts-panel'));

const WIDTH_KEY = 'artifactsPanelWidth';
/** The panel's share of the chat area, in percent: half by default, at least 15 either side. */
const WIDTH = { default: 50, min: 15, max: 85 } as const;
const clampWidth = (w: number) =>
  Math.min(WIDTH.max, Math.max(WIDTH.min, Number.isFinite(w) ? w : WIDTH.default));

function ResizeBar({ width, onWidth }: { width: number; onWidth: (w: number, done: boolean) => void }) {
  const { t } = useTranslation();
  const area = (el: Element) => el.parentElement!.getBoundingClientRect();
  const widthAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = area(e.currentTarget);
    const rtl = document.documentElement.dir === 'rtl';
    const fromEnd = rtl ? e.clientX - box.left : box.right - e.clientX;
    return clampWidth((fromEnd / box.width) * 100);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('com_ui_artifact_resize')}
      aria-valuenow={Math.round(width)}
      aria-valuemin={WIDTH.min}
      aria-valuemax={WIDTH.max}
      tabIndex={0}
      data-testid="artifacts-resize"
      className="group relative z-10 w-2 shrink-0 cursor-col-resize touch-none outline-none"
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) onWidth(widthAt(e), false);
      }}
      onPointerUp={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) onWidth(widthAt(e), true);
      }}
      onKeyDown={(e) => {
        const rtl = document.documentElement.dir === 'rtl';
        if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) onWidth(clampWidth(width + 5), true);
        else if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) onWidth(clampWidth(width - 5), true);
      }}
    >
      <span className="absolute inset-y-0 start-1/2 w-px bg-border group-hover:w-0.5 group-hover:bg-accent group-focus-visible:bg-accent" />
    </div>
  );
}

/**
 * The artifacts of the visible branch and the panel that shows them. The panel's code loads
 * when it first opens. While an answer streams, a new artifact opens the panel (on the code
 * tab until its block is complete, then the preview); on phones it opens only from a card, over
 * the chat. The timings are the spec's (see timings.ts).
 */
export function ArtifactsHost({
  conversationId,
  messages,
  streaming,
  onSave,
}: {
  conversationId: string;
  messages: readonly Message[];
  streaming: boolean;
  onSave: (artifact: ArtifactEntry, updated: string) => Promise<void>;
}) {
  const collected = useMemo(() => collectArtifacts(messages), [messages]);
  const artifacts = useSettledArtifacts(conversationId, collected);
  const open = useArtifacts((s) => s.open);
  const phone = useMediaQuery(MOBILE_HEADER_MEDIA);
  const [width, setWidth] = useState(() => clampWidth(readLocal<number>(WIDTH_KEY, WIDTH.default)));
  const newest = artifacts.at(-1);
  const shown = useExitDelay(open, PANEL_FADE_MS);

  // A new chat that the server has just named is the same conversation: the panel stays.
  // (The view may mount afresh for the named chat, so the store remembers where it was.)
  useEffect(() => {
    const from = useArtifacts.getState().conversationId;
    if (from === conversationId) return;
    if (from === 'new') useArtifacts.setState({ conversationId });
    else useArtifacts.getState().reset(conversationId);
  }, [conversationId]);

  // A new artifact arriving in this conversation opens the panel on it once no further artifact
  // has appeared for a moment (the store's openSoon): on the code tab while its block is still
  // arriving, on the preview once complete (that completion may come with the stream's last
  // event, or after the view mounted afresh for the chat the server just named, so the store
  // keeps the count and the wish). Artifacts already there when the conversation opened leave the
  // panel closed, and a panel the person opened meanwhile keeps what they chose.
  useEffect(() => {
    const store = useArtifacts.getState();
    const step = followArtifacts(store, artifacts.length, newest?.complete);
    useArtifacts.setState(step.state);
    if (step.openSoon && !phone) store.openSoon();
    if (step.showPreview && store.open) store.setTab('preview');
  }, [artifacts, newest, phone]);

  if (!shown || artifacts.length === 0) return null;
  const panel = (
    <Suspense fallback={null}>
      <ArtifactsPanel artifacts={artifacts} streaming={streaming} onSave={onSave} />
    </Suspense>
  );
  // Fades in as it opens; once closed it fades out for PANEL_FADE_MS, inert, then goes.
  const fade = {
    'data-state': open ? 'open' : 'closing',
    inert: !open,
    className: open
      ? 'animate-[fade-in_300ms_ease-out]'
      : 'pointer-events-none opacity-0 transition-opacity duration-300 ease-in',
  } as const;
  if (phone)
    return (
      <div {...fade} className={`fixed inset-0 z-40 flex flex-col bg-surface ${fade.className}`}>
        {panel}
      </div>
    );
  return (
    <>
      {open && (
        <ResizeBar
          width={width}
          onWidth={(w, done) => {
            setWidth(w);
            if (done) writeLocal(WIDTH_KEY, w);
          }}
        />
      )}
      <div
        {...fade}
        className={`flex min-h-0 shrink-0 flex-col border-s border-border ${fade.className}`}
        style={{ width: `${width}%` }}
      >
        {panel}
      </div>
    </>
  );
}
